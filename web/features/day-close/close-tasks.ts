import { hasRemovedMarker } from "../../../shared/constants";
import { isTodaysPriority } from "../../../shared/day";
import type { Day } from "../../../shared/schemas/day";
import { DAY_CLOSE_TOMORROW_MAX, type DayCloseMove } from "../../../shared/schemas/day-close";
import type { Task } from "../../../shared/schemas/tasks";

// What the evening close shows and offers (docs/decisions/291-the-evening-close.md), from the tasks
// and the day as read.

const after = (instant: string | null, start: string) => instant !== null && Date.parse(instant) >= Date.parse(start);

/** The tasks finished today, latest first; a routine's occurrence is among today's routines instead. */
export function doneToday(tasks: readonly Task[], day: Pick<Day, "startsAt">): Task[] {
  return tasks
    .filter(
      (task) =>
        task.routineId === null &&
        task.isCompleted &&
        !hasRemovedMarker(task.title) &&
        after(task.completedAt, day.startsAt),
    )
    .sort((a, b) => Date.parse(b.completedAt ?? "") - Date.parse(a.completedAt ?? ""));
}

/**
 * The open tasks the close asks about: today's three first, then those made today; not the "No"
 * list, nor a routine's occurrence (it is missed if not done: docs/decisions/292-routines-on-the-evening-close.md).
 */
export function tasksToClose(tasks: readonly Task[], day: Pick<Day, "date" | "startsAt">): Task[] {
  const open = tasks.filter(
    (task) =>
      task.routineId === null && !task.isCompleted && !hasRemovedMarker(task.title) && task.category !== "no_list",
  );
  const three = open.filter((task) => isTodaysPriority(task, day.date));
  const madeToday = open.filter((task) => !three.includes(task) && after(task.createdAt, day.startsAt));
  return [...three, ...madeToday];
}

/** Where each task goes unless the person says otherwise: today's three stay starred, the rest wait for later. */
export function defaultMoves(tasks: readonly Task[], today: string): Record<number, DayCloseMove> {
  return Object.fromEntries(tasks.map((task) => [task.id, isTodaysPriority(task, today) ? "tomorrow" : "later"]));
}

/** Whether "Tomorrow" can still be chosen for `id`: at most three stay starred. */
export function tomorrowOpen(moves: Record<number, DayCloseMove>, id: number): boolean {
  const chosen = Object.entries(moves).filter(([other, to]) => to === "tomorrow" && Number(other) !== id).length;
  return chosen < DAY_CLOSE_TOMORROW_MAX;
}

/** The tasks that can be tomorrow's first: the close's tasks not said no to, finished or deleted. */
export function firstTaskChoices(tasks: readonly Task[], moves: Record<number, DayCloseMove>): Task[] {
  return tasks.filter((task) => {
    const to = moves[task.id];
    return to !== "no" && to !== "done" && to !== "delete";
  });
}

/**
 * Today's routines on the close: the occurrences still open (only today's are on the list: the day
 * start takes earlier ones off) and those finished today; open ones first, then by title.
 */
export function routinesToday(tasks: readonly Task[], day: Pick<Day, "startsAt">): Task[] {
  return tasks
    .filter(
      (task) =>
        task.routineId !== null &&
        !hasRemovedMarker(task.title) &&
        (!task.isCompleted || after(task.completedAt, day.startsAt)),
    )
    .sort((a, b) => Number(a.isCompleted) - Number(b.isCompleted) || a.title.localeCompare(b.title));
}
