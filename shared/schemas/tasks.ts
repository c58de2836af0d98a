import { z } from "zod";
import { CATEGORIES } from "../constants";

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
