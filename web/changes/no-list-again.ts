import type { NoListAgainInput } from "../../shared/schemas/day";
import { aboutTask } from "../ui/task-name";
import { type Change, type ChangeKind, failureWords, patchEach, type ToastWords } from "./change-kind";

// Earlier "No" items said no to again today (POST /api/no-list/again): "No again today" on the plan
// step and "Again today" on the "No" List screen.

export type NoListAgainEffect = { kind: "noListAgain"; ids: number[] };

export function noListAgainChange(ids: number[]): Change<NoListAgainEffect> {
  return {
    method: "POST",
    path: "/api/no-list/again",
    body: { ids } satisfies NoListAgainInput,
    effect: { kind: "noListAgain", ids },
  };
}

export const noListAgain = {
  kind: "noListAgain",
  showTasks: (tasks, effect, today) => patchEach(tasks, effect.ids, () => ({ noListDate: today })),
  words: (effect, titleOf) => `Say no again to ${titleOf(effect.ids[0])}`,
} satisfies ChangeKind<NoListAgainEffect>;

/** The toasts of one tap, on the plan step and on the "No" List screen alike. */
export const noListAgainToasts = {
  said: (title: string): ToastWords => ({
    title: aboutTask("Said no again", title),
    description: `"${title}" is on today's "No" List.`,
  }),
  failed: (reason?: string) => failureWords("Could not update your No List", reason),
};
