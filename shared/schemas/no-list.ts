import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { LIMITS } from "../constants";
import { fitsLength } from "../text-length";
import { wordsAsText } from "../words";
import { taskIdSchema } from "./common";
import { taskSchema } from "./tasks";
import { undoTicketSchema } from "./undo";

const reasonMax = LIMITS.reasonMax;

/** The most tasks one commit or clear may name: a day's list is far shorter; this bounds the work. */
export const NO_LIST_BATCH_MAX = 500;
const batchMax = NO_LIST_BATCH_MAX;

/** The reason is optional; blank means none, so it is stored as null rather than "". */
export const noListReasonSchema = z
  .string({ error: wordsAsText(msg`The reason must be text.`) })
  .trim()
  .refine(
    (reason) => fitsLength(reason, LIMITS.reasonMax),
    wordsAsText(msg`Reason must be at most ${reasonMax} characters.`),
  )
  .nullable()
  .optional()
  .transform((reason) => (reason ? reason : null));

function withoutDuplicates(ids: number[]) {
  return new Set(ids).size === ids.length;
}

const DUPLICATE_MESSAGE = wordsAsText(msg`Each task can be named only once.`);
const EMPTY_MESSAGE = wordsAsText(msg`Select at least one task.`);
const TOO_MANY_MESSAGE = wordsAsText(msg`At most ${batchMax} tasks at a time.`);

/** POST /api/no-list/commit: the selected tasks and their optional reasons, all moved in one step. */
export const commitNoListSchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: taskIdSchema, reason: noListReasonSchema }), { error: "items must be a list." })
    .min(1, EMPTY_MESSAGE)
    .max(NO_LIST_BATCH_MAX, TOO_MANY_MESSAGE)
    .refine((items) => withoutDuplicates(items.map((item) => item.id)), DUPLICATE_MESSAGE),
});
export type CommitNoListInput = z.input<typeof commitNoListSchema>;

export const commitNoListResultSchema = z.object({ tasks: z.array(taskSchema) });
export type CommitNoListResult = z.infer<typeof commitNoListResultSchema>;

/**
 * POST /api/no-list/clear: the selected tasks, cleared in one step (docs/product.md#builder-mode "Clear"). Tasks that
 * can no longer be cleared are skipped and counted in `notCleared`; none at all answers 404.
 */
export const clearNoListSchema = z.strictObject({
  ids: z
    .array(taskIdSchema, { error: "ids must be a list." })
    .min(1, EMPTY_MESSAGE)
    .max(NO_LIST_BATCH_MAX, TOO_MANY_MESSAGE)
    .refine(withoutDuplicates, DUPLICATE_MESSAGE),
});
export type ClearNoListInput = z.input<typeof clearNoListSchema>;

export const clearNoListResultSchema = z.object({
  cleared: z.number().int().nonnegative(),
  notCleared: z.number().int().nonnegative(),
  ...undoTicketSchema.shape,
});
export type ClearNoListResult = z.infer<typeof clearNoListResultSchema>;
