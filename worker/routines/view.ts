import { addDays } from "../../shared/day";
import { nextDueDays, type OccurrenceDay, streakOf, weekStartOf } from "../../shared/routines";
import type { OccurrenceState, Routine } from "../../shared/schemas/routines";
import type { OccurrenceTask, RoutineDayRow, RoutineRow } from "./reads";
import { repeatOf } from "./rule-columns";

/** How many of its last days a routine's answer shows (Analytics, the routine's screen). */
const SHOWN_DAYS = 30;

/**
 * A routine as the API answers it, from its row, its kept days and its occurrence tasks. Today's
 * open day whose task is finished is done: the streak counts it at once, and the day's start
 * stamps it done for good (./occurrences.ts).
 */
export function routineView(
  row: RoutineRow,
  days: readonly RoutineDayRow[],
  occurrences: readonly OccurrenceTask[],
  today: string,
): Routine {
  const repeat = repeatOf(row);
  const todayTask = occurrences.find((task) => task.routineId === row.id && task.routineDay === today);
  const stateOf = (day: RoutineDayRow): OccurrenceState =>
    day.state === "open" && day.day === today && todayTask?.isCompleted ? "done" : day.state;
  const own = days
    .filter((day) => day.routineId === row.id && day.day <= today)
    .map((day) => ({ date: day.day, state: stateOf(day), reason: day.reason }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const todays = own.find((day) => day.date === today);
  const weekStart = weekStartOf(today);
  const shownFrom = addDays(today, -(SHOWN_DAYS - 1));
  return {
    id: row.id,
    title: row.title,
    repeat,
    paused: row.paused,
    startDay: row.startDay,
    dueToday: todays !== undefined && todays.state !== "paused",
    doneToday: todays?.state === "done",
    today: todays?.state ?? null,
    todayTaskId: todays && todayTask ? todayTask.id : null,
    doneThisWeek: own.filter((day) => day.date >= weekStart && day.state === "done").length,
    streak: streakOf(repeat, own satisfies OccurrenceDay[], today),
    last30: own.filter((day) => day.date >= shownFrom),
    nextDays: row.paused ? [] : nextDueDays(repeat, today, row.startDay),
  };
}
