import { addDays } from "../../shared/day";
import { stateOfLetter, stripOf } from "../../shared/routine-strip";
import { nextDueDays, type OccurrenceDay, streakOf, weekStartOf } from "../../shared/routines";
import type { OccurrenceState, Routine } from "../../shared/schemas/routines";
import { type OccurrenceTask, type OlderDaysRow, type RoutineDayRow, type RoutineRow, SHOWN_DAYS } from "./reads";
import { repeatOf } from "./rule-columns";

/**
 * A routine as the API answers it, from its row, its recent kept days (./reads.ts's
 * routineDaysQuery), its older days for the streak (olderDaysQuery) and its occurrence tasks. Today's
 * open day whose task is finished is done: the streak counts it at once, and the day's start
 * stamps it done for good (./occurrences.ts).
 */
export function routineView(
  row: RoutineRow,
  days: readonly RoutineDayRow[],
  occurrences: readonly OccurrenceTask[],
  today: string,
  older: readonly OlderDaysRow[],
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
    streak: streakOf(repeat, [...olderDaysOf(row.id, older), ...(own satisfies OccurrenceDay[])], today),
    last30: stripOf(
      own.filter((day) => day.date >= shownFrom),
      today,
      SHOWN_DAYS,
    ),
    nextDays: row.paused ? [] : nextDueDays(repeat, today, row.startDay),
  };
}

/** One older day in olderDaysQuery's `days`: its date and its state's letter (its first). */
const OLDER_DAY_LENGTH = "YYYY-MM-DDs".length;

/** A routine's older kept days, from olderDaysQuery's row of it. */
function olderDaysOf(routineId: number, rows: readonly OlderDaysRow[]): OccurrenceDay[] {
  const days = rows.find((one) => one.routineId === routineId)?.days ?? "";
  const out: OccurrenceDay[] = [];
  for (let at = 0; at + OLDER_DAY_LENGTH <= days.length; at += OLDER_DAY_LENGTH) {
    const state = stateOfLetter(days[at + OLDER_DAY_LENGTH - 1] as string);
    if (state) out.push({ date: days.slice(at, at + OLDER_DAY_LENGTH - 1), state });
  }
  return out;
}
