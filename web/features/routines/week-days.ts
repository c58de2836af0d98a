import { WEEK_DAYS, type WeekDay } from "../../../shared/schemas/routines";

type WeekInfo = { firstDay?: number };
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The locale's first day of the week, 1 (Monday) to 7 (Sunday); Monday where the browser cannot say (Firefox). */
function firstDayOf(language: string): number {
  try {
    const locale = new Intl.Locale(language) as LocaleWithWeek;
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    return firstDay !== undefined && firstDay >= 1 && firstDay <= 7 ? firstDay : 1;
  } catch {
    return 1;
  }
}

/** The days of the week in the order the shown language's week runs, from its first day. */
export function weekDaysInOrder(language: string): WeekDay[] {
  const start = firstDayOf(language) - 1;
  return [...WEEK_DAYS.slice(start), ...WEEK_DAYS.slice(0, start)];
}

/** A day's short name in the shown language ("Mon", "Mo.", "月"). 2024-01-01 was a Monday. */
export function weekDayName(day: WeekDay, language: string): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day), 12));
  return new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" }).format(date);
}
