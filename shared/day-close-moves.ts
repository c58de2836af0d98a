import { addDays } from "./day";
import type { DayCloseMove } from "./schemas/day-close";
import type { Task } from "./schemas/tasks";

// The evening close's moves (docs/decisions/291-the-evening-close.md) as one rule, which the server
// applies to its rows and the device to its cached lists (docs/decisions/393-the-close-s-moves-are-one-rule.md).

/** What the close reads of a task. */
export type CloseTask = Pick<Task, "id" | "category" | "isCompleted" | "isPriority">;

/** What the close sets on a task: its list, its star and the star's day, the "No" list's day, its finish. */
export type ClosedFields = Partial<
  Pick<Task, "category" | "isPriority" | "priorityDate" | "noListDate" | "isCompleted">
>;

export type CloseMoves = {
  /** Every task the close changes, with what it sets; a finished one has `isCompleted: true`. */
  changed: { id: number; fields: ClosedFields }[];
  /** The open tasks it finishes ("Done"), counted on the closed day. */
  finished: number[];
  /** The tasks it removes ("Delete"), kept for Undo. */
  removed: number[];
  /** The tasks said "Tomorrow": tomorrow's three, starred for the morning. */
  tomorrow: number[];
  /** Whether any task goes to "Tomorrow": then every other open star goes. */
  starsGo: boolean;
};

const unstarred = { isPriority: false, priorityDate: null } satisfies ClosedFields;

/**
 * What each of `tasks` becomes when `date` is closed with `moves`. A move of a task not among them
 * is nothing; a "Done" of a finished task is where it sends it already.
 * - "Tomorrow" keeps the star for the morning, dated the closed day; "Later" takes it off. Both take
 *   a task off the "No" list (to Later). When any task goes to "Tomorrow", every other open star
 *   goes: the close says what tomorrow's three are. A task finished by this close is open as it is
 *   read, so its star goes too.
 * - "No" puts the task on tomorrow's "No" list, without its star.
 * - "Done" finishes it; "Delete" removes it.
 */
export function closeMoves(
  tasks: readonly CloseTask[],
  moves: readonly { id: number; to: DayCloseMove }[],
  date: string,
): CloseMoves {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const to = new Map(moves.map((move) => [move.id, move.to]));
  const starsGo = moves.some((move) => move.to === "tomorrow");
  // In the order the person named them: tomorrow's three are kept in that order.
  const named = (move: DayCloseMove) => moves.filter((one) => one.to === move && byId.has(one.id)).map((one) => one.id);
  const finished = named("done").filter((id) => byId.get(id)?.isCompleted === false);
  const changed: CloseMoves["changed"] = [];
  for (const task of tasks) {
    const fields = closedFields(task, to.get(task.id), date, starsGo);
    if (fields) changed.push({ id: task.id, fields });
  }
  return { changed, finished, removed: named("delete"), tomorrow: named("tomorrow"), starsGo };
}

/** What one task becomes, or null when the close leaves it as it is. */
function closedFields(
  task: CloseTask,
  move: DayCloseMove | undefined,
  date: string,
  starsGo: boolean,
): ClosedFields | null {
  const offNoList = task.category === "no_list" ? ({ category: "later", noListDate: null } as const) : {};
  const starGoes = starsGo && task.isPriority && !task.isCompleted;
  switch (move) {
    case "delete":
      return null;
    case "done":
      return task.isCompleted ? null : { ...(starGoes ? unstarred : {}), isCompleted: true };
    case "tomorrow":
      return { isPriority: true, priorityDate: date, ...offNoList };
    case "later":
      return { ...unstarred, ...offNoList };
    case "no":
      return { category: "no_list", ...unstarred, noListDate: addDays(date, 1) };
    default:
      return starGoes ? { ...unstarred } : null;
  }
}
