import { plural, t } from "@lingui/core/macro";
import type { CommitNoListInput } from "../../shared/schemas/no-list";
import { type Change, type ChangeKind, patchEach } from "./change-kind";

// The "No" List committed (POST /api/no-list/commit): the tasks go on today's list with their
// reasons, and the day is planned.

export type CommitNoListEffect = { kind: "commitNoList"; items: { id: number; reason: string | null }[] };

export function commitNoListChange(input: CommitNoListInput): Change<CommitNoListEffect> {
  return {
    method: "POST",
    path: "/api/no-list/commit",
    body: input,
    effect: {
      kind: "commitNoList",
      items: input.items.map((item) => ({ id: item.id, reason: item.reason?.trim() || null })),
    },
  };
}

export const commitNoList = {
  kind: "commitNoList",
  showTasks(tasks, effect, today) {
    const reasons = new Map(effect.items.map((item) => [item.id, item.reason]));
    return patchEach(tasks, [...reasons.keys()], (task) => ({
      category: "no_list",
      isPriority: false,
      priorityDate: null,
      noListDate: today,
      noListReason: reasons.get(task.id) ?? null,
    }));
  },
  showDay: (day) => ({ ...day, planned: true, skipped: false }),
  words: (effect, titleOf) => {
    if (effect.items.length === 1) {
      const task = titleOf(effect.items[0]?.id);
      return t`Say no to ${task}`;
    }
    const count = effect.items.length;
    return plural(count, { one: "Say no to # task", other: "Say no to # tasks" });
  },
} satisfies ChangeKind<CommitNoListEffect>;
