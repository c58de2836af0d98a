import { z } from "zod";
import { CATEGORIES, LIMITS } from "../constants";

export const categorySchema = z.enum(CATEGORIES, {
  error: `Category must be one of ${CATEGORIES.join(", ")}.`,
});

/** A task as the API answers it (spec §3). Instants are ISO strings. */
export const taskSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: categorySchema.nullable(),
  isCompleted: z.boolean(),
  isPriority: z.boolean(),
  noListReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

const titleSchema = z
  .string({ error: "Title must be text." })
  .trim()
  .min(1, "A task needs a title.")
  .max(LIMITS.titleMax, `Title must be at most ${LIMITS.titleMax} characters.`);
const descriptionSchema = z
  .string()
  .max(LIMITS.descriptionMax, `Description must be at most ${LIMITS.descriptionMax} characters.`)
  .nullable();
const reasonSchema = z
  .string()
  .trim()
  .max(LIMITS.reasonMax, `Reason must be at most ${LIMITS.reasonMax} characters.`)
  .nullable();

/** POST /api/tasks (spec §7: the No-list builder and the AI add payloads). */
export const createTaskSchema = z.strictObject({
  title: titleSchema,
  description: descriptionSchema.optional(),
  category: categorySchema.nullable().optional(),
  isCompleted: z.boolean().optional(),
  isPriority: z.boolean().optional(),
  noListReason: reasonSchema.optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/** PATCH /api/tasks/{id}: any subset of the fields of spec §7's payloads, at least one. */
export const patchTaskSchema = z
  .strictObject({
    title: titleSchema,
    description: descriptionSchema,
    category: categorySchema.nullable(),
    isCompleted: z.boolean(),
    isPriority: z.boolean(),
    noListReason: reasonSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Send at least one field to change.");
export type PatchTaskInput = z.input<typeof patchTaskSchema>;
