// The worker suite's clock, placed where a day turns during the run
// (docs/decisions/236-suites-run-across-a-days-start.md). TEST_CLOCK names the instant the suite's
// configuration is read at (its tests start some 20 to 40 s later, once workerd is up): `day-start`
// (two minutes before the next day's start in UTC, where accounts that name no zone live), `dst` (two
// minutes before Europe's next daylight-saving change), an ISO instant, or `real` (the real clock).
// Runs in Node (the configuration) and in workerd (the set-up file): plain TypeScript only.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The hour a day starts at for an account that chose none (shared/day.ts DEFAULT_DAY_START_HOUR). */
const DAY_START_HOUR = 4;
/** The zone whose daylight-saving change `dst` places the run before. */
const DST_ZONE = "Europe/Berlin";
/** How long before the turn `day-start` and `dst` place the configuration: the tests start about a minute before it. */
const LEAD_MS = 2 * MINUTE_MS;

/** The next instant after `now` at which `timeZone`'s offset from UTC changes (a daylight-saving change). */
function nextOffsetChange(now: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
  const offsetAt = (instant: number) =>
    format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value;
  const start = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const first = offsetAt(start);
  // Changes fall on whole hours in Europe; two of them a year.
  for (let instant = start + HOUR_MS; instant < start + 400 * DAY_MS; instant += HOUR_MS) {
    if (offsetAt(instant) !== first) return instant;
  }
  throw new Error(`${timeZone} has no daylight-saving change in the next 400 days`);
}

/** The instant TEST_CLOCK names, or null for the real clock. */
export function placedStart(setting: string | undefined, now: number): number | null {
  if (!setting || setting === "real") return null;
  if (setting === "day-start") {
    const dayStart = Math.floor(now / DAY_MS) * DAY_MS + DAY_START_HOUR * HOUR_MS;
    const next = dayStart - LEAD_MS > now ? dayStart : dayStart + DAY_MS;
    return next - LEAD_MS;
  }
  if (setting === "dst") return nextOffsetChange(now, DST_ZONE) - LEAD_MS;
  const instant = Date.parse(setting);
  if (Number.isNaN(instant)) throw new Error(`TEST_CLOCK=${setting}: use day-start, dst, real or an ISO instant`);
  return instant;
}

/**
 * How far ahead of the real clock the suite's clock runs so that it starts at `start`: whole minutes
 * (the rate limiters count per minute on the real clock, so their windows keep turning together with
 * the suite's), and never back (a Durable Object's alarm rings on the real clock: one set in the
 * real past would ring by itself during a test).
 */
export function clockShift(start: number | null, now: number): number {
  if (start === null) return 0;
  if (start < now) {
    throw new Error(
      `TEST_CLOCK ${new Date(start).toISOString()} is in the past: the hub's alarms ring on the real clock`,
    );
  }
  return Math.ceil((start - now) / MINUTE_MS) * MINUTE_MS;
}
