import { type Repeat, WEEK_DAYS } from "../../shared/schemas/routines";
import type { routines } from "../db/schema";

/*
 * A routine's rule as the columns of its row (worker/db/schema.ts `routines`), so the day-start
 * step's SQL (./occurrences.ts) can tell a due day without reading the rows first: `kind`, the
 * days of the week as bits (Monday = bit 0) and `n`.
 */

type RuleColumns = Pick<typeof routines.$inferInsert, "kind" | "weekDays" | "n">;
type RuleRow = Pick<typeof routines.$inferSelect, "kind" | "weekDays" | "n">;

export function ruleColumnsOf(repeat: Repeat): RuleColumns {
  if ("everyDays" in repeat) return { kind: "days", weekDays: 0, n: repeat.everyDays };
  if ("timesPerWeek" in repeat) return { kind: "times", weekDays: 0, n: repeat.timesPerWeek };
  switch (repeat.every) {
    case "day":
      return { kind: "day", weekDays: 0, n: 0 };
    case "weekday":
      return { kind: "weekday", weekDays: 0, n: 0 };
    case "week":
      return {
        kind: "week",
        weekDays: repeat.days.reduce((bits, day) => bits | (1 << WEEK_DAYS.indexOf(day)), 0),
        n: 0,
      };
    case "month":
      return { kind: "month", weekDays: 0, n: repeat.day };
  }
}

export function repeatOf(row: RuleRow): Repeat {
  switch (row.kind) {
    case "day":
      return { every: "day" };
    case "weekday":
      return { every: "weekday" };
    case "week":
      return { every: "week", days: WEEK_DAYS.filter((_, index) => (row.weekDays >> index) & 1) };
    case "days":
      return { everyDays: row.n };
    case "month":
      return { every: "month", day: row.n };
    case "times":
      return { timesPerWeek: row.n };
  }
}
