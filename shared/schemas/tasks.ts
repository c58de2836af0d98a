import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { CATEGORIES, hasRemovedMarker, LIMITS, REMOVED_MARKER_REFUSAL } from "../constants";
import { ESTIMATE_MAX_MINUTES, ESTIMATE_MIN_MINUTES } from "../estimate";
import { EFFORT_OPTIONS } from "../questions";
import { fitsLength } from "../text-length";
import { hasVisibleCharacter, NO_VISIBLE_CHARACTER } from "../visible-text";
import { wordsAsText } from "../words";
import { isoDateSchema } from "./common";

const categories = CATEGORIES.join(", ");
const efforts = EFFORT_OPTIONS.join(", ");
const estimateMin = ESTIMATE_MIN_MINUTES;
const estimateMaxHours = ESTIMATE_MAX_MINUTES / 60;
const titleMax = LIMITS.titleMax;
const descriptionMax = LIMITS.descriptionMax;
const reasonMax = LIMITS.reasonMax;
const braindumpTextMax = LIMITS.braindumpTextMax;
const braindumpLinesMax = LIMITS.braindumpLinesMax;

export const categorySchema = z.enum(CATEGORIES, {
  error: wordsAsText(msg`Category must be one of ${categories}.`),
});

const yesNo = z.boolean({ error: wordsAsText(msg`Answer with true or false.`) });
const effortSchema = z.enum(EFFORT_OPTIONS, { error: wordsAsText(msg`Effort must be one of ${efforts}.`) });

/** One task's answers (docs/product.md#prioritisation-questions-and-answers): Yes/No as booleans, effort as one of its options; any subset. */
export const savedAnswersSchema = z
  .strictObject({
    urgent: yesNo,
    important: yesNo,
    goal_alignment: yesNo,
    dependency: yesNo,
    relief: yesNo,
    resources: yesNo,
    effort: effortSchema,
  })
  .partial();

/** A task as the API answers it (docs/product.md#task). Instants are ISO strings. */
export const taskSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: categorySchema.nullable(),
  isCompleted: z.boolean(),
  isPriority: z.boolean(),
  noListReason: z.string().nullable(),
  /** The prioritisation answers saved so far (docs/decisions/018-answers-data.md). */
  answers: savedAnswersSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /**
   * The day (YYYY-MM-DD) the priority mark was set, null without one: only a mark of today makes
   * the task one of today's three (shared/day.ts isTodaysPriority, docs/product.md#the-day).
   */
  priorityDate: z.string().nullable(),
  /** The day the task was said no to (put on, or said "Again today" on, the "No" list); null off it. */
  noListDate: z.string().nullable(),
  /** The routine this task is the occurrence of (docs/product.md#routines); null for every other task. */
  routineId: z.number().int().nullable(),
  /** How long the task should take, in minutes (5 to 480), null without an estimate. */
  estimateMinutes: z.number().int().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** A task's estimate as a person sets it: whole minutes from 5 minutes to 8 hours, or null to take it off. */
export const estimateMinutesSchema = z
  .number({ error: wordsAsText(msg`The estimate is a number of minutes.`) })
  .int(wordsAsText(msg`The estimate is a whole number of minutes.`))
  .min(ESTIMATE_MIN_MINUTES, wordsAsText(msg`An estimate is at least ${estimateMin} minutes.`))
  .max(ESTIMATE_MAX_MINUTES, wordsAsText(msg`An estimate is at most ${estimateMaxHours} hours.`))
  .nullable();

export const taskTitleSchema = z
  .string({ error: wordsAsText(msg`Title must be text.`) })
  .trim()
  .min(1, wordsAsText(msg`A task needs a title.`))
  .refine(
    (title) => fitsLength(title, LIMITS.titleMax),
    wordsAsText(msg`Title must be at most ${titleMax} characters.`),
  )
  .refine((title) => title === "" || hasVisibleCharacter(title), NO_VISIBLE_CHARACTER);
const descriptionSchema = z
  .string()
  .refine(
    (description) => fitsLength(description, LIMITS.descriptionMax),
    wordsAsText(msg`Description must be at most ${descriptionMax} characters.`),
  )
  .nullable();
const reasonSchema = z
  .string()
  .trim()
  .refine(
    (reason) => fitsLength(reason, LIMITS.reasonMax),
    wordsAsText(msg`Reason must be at most ${reasonMax} characters.`),
  )
  .nullable();

/** POST /api/tasks (docs/product.md#compatible-calls: the No-list builder and the AI add payloads). */
export const createTaskSchema = z.strictObject({
  title: taskTitleSchema.refine((title) => !hasRemovedMarker(title), wordsAsText(REMOVED_MARKER_REFUSAL)),
  description: descriptionSchema.optional(),
  category: categorySchema.nullable().optional(),
  isCompleted: z.boolean().optional(),
  isPriority: z.boolean().optional(),
  noListReason: reasonSchema.optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/** PATCH /api/tasks/{id}: any subset of the fields of the payloads in docs/product.md#compatible-calls, at least one. */
export const patchTaskSchema = z
  .strictObject({
    title: taskTitleSchema,
    description: descriptionSchema,
    category: categorySchema.nullable(),
    isCompleted: z.boolean(),
    isPriority: z.boolean(),
    noListReason: reasonSchema,
    estimateMinutes: estimateMinutesSchema,
    /**
     * The day of the star set with `isPriority: true`, an earlier one or today (a later one is
     * today): the Undo of "Move … to Later" puts the star back on its day
     * (docs/decisions/332-move-to-later-is-written.md). Without it a star set now is today's.
     */
    priorityDate: isoDateSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, wordsAsText(msg`Send at least one field to change.`))
  .refine((patch) => patch.priorityDate === undefined || patch.isPriority === true, {
    message: "priorityDate goes only with isPriority: true.",
    path: ["priorityDate"],
  });
export type PatchTaskInput = z.input<typeof patchTaskSchema>;

/**
 * DELETE /api/tasks/{id}?complete=true: docs/product.md#task-rules's "mark completed, then delete" as one step, so an
 * Undo also takes back the completion it counted. Without it the task is only deleted.
 */
export const deleteTaskQuerySchema = z.object({
  complete: z.enum(["true", "false"], { error: "complete must be true or false." }).optional(),
});

/** POST /api/process-tasks (docs/product.md#compatible-calls): the braindump text, titles separated by semicolons or newlines. */
export const processTasksSchema = z.strictObject({
  text: z
    .string({ error: wordsAsText(msg`Text must be a string.`) })
    .refine(
      (text) => fitsLength(text, LIMITS.braindumpTextMax),
      wordsAsText(msg`A braindump can be at most ${braindumpTextMax} characters.`),
    ),
  /** Sent as true by the spec's client; duplicates are dropped either way (see worker/tasks/braindump.ts). */
  allowDuplicates: z.boolean().optional(),
});
export type ProcessTasksInput = z.input<typeof processTasksSchema>;

/** The answers a task is prioritised with: at least one. */
export const answersSchema = savedAnswersSchema.refine(
  (answers) => Object.keys(answers).length > 0,
  wordsAsText(msg`Answer at least one question for each task.`),
);

/**
 * PATCH /api/tasks/{id}/answers: the questions answered or cleared since the last save; a value
 * sets the answer, null removes it (docs/product.md#questions-step: choosing the same value again), others stay.
 */
export const patchAnswersSchema = z
  .strictObject({
    urgent: yesNo.nullable(),
    important: yesNo.nullable(),
    goal_alignment: yesNo.nullable(),
    dependency: yesNo.nullable(),
    relief: yesNo.nullable(),
    resources: yesNo.nullable(),
    effort: effortSchema.nullable(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, wordsAsText(msg`Send at least one answer to change.`));
export type PatchAnswersInput = z.input<typeof patchAnswersSchema>;

/**
 * POST /api/tasks/priorities: the answers for every task being prioritised, in the order shown
 * (ties keep it). The server scores them with shared/scoring.ts and saves the result atomically.
 */
export const savePrioritiesSchema = z.strictObject({
  tasks: z
    .array(z.strictObject({ id: z.number().int().positive(), answers: answersSchema }))
    .min(1, wordsAsText(msg`Send at least one task to prioritise.`))
    .max(LIMITS.braindumpLinesMax, wordsAsText(msg`At most ${braindumpLinesMax} tasks can be prioritised at once.`))
    .refine(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      wordsAsText(msg`Each task can appear only once.`),
    ),
});
export type SavePrioritiesInput = z.input<typeof savePrioritiesSchema>;

/** POST /api/tasks/clear and POST /api/start-fresh: no body, or an empty JSON object. */
export const clearTasksSchema = z.strictObject({});
