import { t } from "@lingui/core/macro";
import { closeMoves } from "../../shared/day-close-moves";
import type { Day } from "../../shared/schemas/day";
import type { DayCloseInput, DayCloseMove } from "../../shared/schemas/day-close";
import type { Task } from "../../shared/schemas/tasks";
import { type Change, type ChangeKind, changed, keptOnDevice, type ToastWords } from "./change-kind";

// The evening close (POST /api/day/close, docs/decisions/291-the-evening-close.md): the open tasks'
// moves by name, the day's line and tomorrow's first task, in one change. Offline it waits in the
// outbox and is applied once by its id, even when it arrives the next morning.

export type CloseDayEffect = {
  kind: "closeDay";
  note: string | null;
  moves: { id: number; to: DayCloseMove }[];
  tomorrowFirst: number | null;
};

export function closeDayChange(input: {
  note: string;
  moves: { id: number; to: DayCloseMove }[];
  tomorrowFirst: number | null;
}): Change<CloseDayEffect> {
  const note = input.note.trim() === "" ? null : input.note.trim();
  return {
    method: "POST",
    path: "/api/day/close",
    body: { note, moves: input.moves, tomorrowFirst: input.tomorrowFirst } satisfies DayCloseInput,
    effect: { kind: "closeDay", note, moves: input.moves, tomorrowFirst: input.tomorrowFirst },
  };
}

/** The tasks as the close leaves them: its moves by the server's one rule (shared/day-close-moves.ts). */
export function withCloseMoves(tasks: Task[], effect: CloseDayEffect, today: string): Task[] {
  const moves = closeMoves(tasks, effect.moves, today);
  const removed = new Set(moves.removed);
  const fields = new Map(moves.changed.map((one) => [one.id, one.fields]));
  const completedAt = new Date().toISOString();
  return tasks.flatMap((task): Task[] => {
    if (removed.has(task.id)) return [];
    const set = fields.get(task.id);
    if (!set) return [task];
    return [changed(task, set.isCompleted ? { ...set, completedAt } : set)];
  });
}

/** The toasts of a close. */
export const closeDayToasts = {
  closed: (waiting: boolean): ToastWords => ({
    title: t`Your day is closed`,
    description: waiting ? keptOnDevice() : t`See you tomorrow.`,
  }),
  failed: (reason: string | undefined): ToastWords => ({
    title: t`Could not close your day`,
    description: reason || t`Please try again.`,
  }),
};

export const closeDay = {
  kind: "closeDay",
  showTasks: (tasks, effect, today) => withCloseMoves(tasks, effect, today),
  showDay: (day, effect) => ({
    ...day,
    closed: true,
    closeNote: effect.note,
    carriedOver: day.carriedOver.filter(
      (task) => !effect.moves.some((move) => move.id === task.id && ["done", "delete", "no"].includes(move.to)),
    ),
  }),
  words: () => t`Close your day`,
  written: (effect) => effect.note ?? undefined,
  answered: (answer, effect) => {
    const day = answer as Day;
    return { day, tasks: (shown) => withCloseMoves(shown, effect, day.date) };
  },
} satisfies ChangeKind<CloseDayEffect>;
