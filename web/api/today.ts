import { DEFAULT_DAY_START_HOUR, dayOf } from "../../shared/day";
import { browserTimeZone } from "./time-zone";

/**
 * Today's date as the server says it (GET /api/day's date, the web app's one "today":
 * docs/decisions/143-web-day-from-the-server.md) when it is known; until it is read, the same rule
 * here: the person's day in their zone (the browser's while none is stored) from their start hour.
 */
export function todayOf(
  serverDay: string | undefined,
  user: { timeZone?: string | null; dayStartHour?: number } | null | undefined,
): string {
  const timeZone = user?.timeZone ?? browserTimeZone() ?? "UTC";
  return serverDay ?? dayOf(new Date(), timeZone, user?.dayStartHour ?? DEFAULT_DAY_START_HOUR);
}
