import { t } from "@lingui/core/macro";
import type { NoListAgainInput } from "../../shared/schemas/day";
import { shortTaskName } from "../ui/task-name";
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
  words: (effect, titleOf) => {
    const task = titleOf(effect.ids[0]);
    return t`Say no again to ${task}`;
  },
} satisfies ChangeKind<NoListAgainEffect>;

/** The toasts of one tap, on the plan step and on the "No" List screen alike. */
export const noListAgainToasts = {
  said: (title: string): ToastWords => {
    const task = shortTaskName(title);
    return { title: t`Said no again: "${task}"`, description: t`"${title}" is on today's "No" List.` };
  },
  failed: (reason?: string) => failureWords(t`Could not update your No List`, reason),
};
