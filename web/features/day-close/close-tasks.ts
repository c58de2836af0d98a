import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
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

/** A group of the close's open tasks, each group moved at once if the person likes. */
export type CloseGroup = { key: "three" | "today" | "earlier"; title: MessageDescriptor; tasks: Task[] };

/**
 * The open tasks the close asks about, in groups: today's three, those made today, then those
 * carried from earlier days, oldest first (docs/decisions/333-the-close-covers-every-open-task.md):
 * every open task of the day, so a day that was not planned is closed too. Not the "No" list, nor a
 * routine's occurrence (it is missed if not done: docs/decisions/292-routines-on-the-evening-close.md).
 * Empty groups are left out.
 */
export function closeGroups(tasks: readonly Task[], day: Pick<Day, "date" | "startsAt" | "carriedOver">): CloseGroup[] {
  const open = tasks.filter(
    (task) =>
      task.routineId === null && !task.isCompleted && !hasRemovedMarker(task.title) && task.category !== "no_list",
  );
  const three = open.filter((task) => isTodaysPriority(task, day.date));
  // Carried is the day's word for it (made on an earlier day of the person's, in the server's order).
  const carried = new Map(day.carriedOver.map((task, index) => [task.id, index]));
  const earlier = open
    .filter((task) => !three.includes(task) && carried.has(task.id))
    .sort((a, b) => (carried.get(a.id) ?? 0) - (carried.get(b.id) ?? 0));
  const madeToday = open.filter((task) => !three.includes(task) && !earlier.includes(task));
  const groups: CloseGroup[] = [
    { key: "three", title: msg`Today's three`, tasks: three },
    { key: "today", title: msg`Made today`, tasks: madeToday },
    { key: "earlier", title: msg`From earlier days`, tasks: earlier },
  ];
  return groups.filter((group) => group.tasks.length > 0);
}

/** The close's open tasks, group after group. */
export function tasksToClose(tasks: readonly Task[], day: Pick<Day, "date" | "startsAt" | "carriedOver">): Task[] {
  return closeGroups(tasks, day).flatMap((group) => group.tasks);
}

/**
 * Where each task goes unless the person says otherwise: starred ones stay starred for tomorrow
 * (today's three first, then a star kept from an earlier day, as after "Skip for today"), three at
 * most; the rest wait for later.
 */
export function defaultMoves(tasks: readonly Task[], today: string): Record<number, DayCloseMove> {
  const starred = [
    ...tasks.filter((task) => isTodaysPriority(task, today)),
    ...tasks.filter((task) => task.isPriority && !isTodaysPriority(task, today)),
  ].slice(0, DAY_CLOSE_TOMORROW_MAX);
  return Object.fromEntries(tasks.map((task) => [task.id, starred.includes(task) ? "tomorrow" : "later"]));
}

/**
 * The moves the close sends: "Later" of a task without a star changes nothing, so it is not sent
 * (a long carried list stays well within DAY_CLOSE_MOVES_MAX).
 */
export function movesToSend(
  tasks: readonly Task[],
  moves: Record<number, DayCloseMove>,
): { id: number; to: DayCloseMove }[] {
  return tasks.flatMap((task) => {
    const to = moves[task.id];
    if (!to || (to === "later" && !task.isPriority)) return [];
    return [{ id: task.id, to }];
  });
}

/** The moves a whole group can be given at once: "Tomorrow" only while the group fits in the three. */
export function groupMoves(group: readonly Task[], moves: Record<number, DayCloseMove>): readonly DayCloseMove[] {
  const others = Object.entries(moves).filter(
    ([id, to]) => to === "tomorrow" && !group.some((task) => task.id === Number(id)),
  ).length;
  const fits = others + group.length <= DAY_CLOSE_TOMORROW_MAX;
  return fits ? ["tomorrow", "later", "no", "done"] : ["later", "no", "done"];
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
