import type { Task } from "../../shared/schemas/tasks";

/** A task as the API answers it, with the fields a test cares about changed. */
export function task(id: number, change: Partial<Task> = {}): Task {
  return {
    id,
    userId: "u1",
    title: `Task ${id}`,
    description: null,
    category: "later",
    isCompleted: false,
    isPriority: false,
    noListReason: null,
    answers: {},
    createdAt: "2026-01-01T00:00:00.000Z",
    completedAt: null,
    priorityDate: null,
    noListDate: null,
    routineId: null,
    estimateMinutes: null,
    ...change,
  };
}
