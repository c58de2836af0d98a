import type { BrowserContext } from "@playwright/test";
import { shiftClock } from "../../shared/shifted-clock";
import { steadyPlace } from "./steady-place";

// The browser suite's clock, placed where a day turns during the run
// (docs/decisions/238-browser-suite-runs-across-a-days-start.md). `E2E_CLOCK` names it:
// `day-start` (the run's place reaches its day's start about a minute after the server is up),
// `dst` (the run lives in Europe/Berlin and reaches its next daylight-saving change then), an ISO
// instant, or `real`/unset (the machine's clock). The shift is chosen once, when Playwright reads its
// configuration, and travels in `E2E_CLOCK_SHIFT_MS` to every process that reads a clock: the test
// workers and the global set-up (here), the server's Worker (its build's .dev.vars,
// scripts/serve-e2e.mjs, worker/test-clock.ts) and every page (`shiftPageClock`).

const CLOCK_ENV = "E2E_CLOCK";
const SHIFT_ENV = "E2E_CLOCK_SHIFT_MS";
const RUN_ZONE_ENV = "E2E_RUN_ZONE";
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The zone `dst` places the run in: its offset changes twice a year. */
const DST_ZONE = "Europe/Berlin";
/** From reading the configuration to the first test: the server starts (run after a build, E2E_SKIP_BUILD=1). */
const LEAD_MS = 2 * MINUTE_MS;

/** The offset of `timeZone` from UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return local - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/** The next instant after `now` at which `timeZone`'s wall clock reads `hour`:00. */
function nextLocalHour(now: number, timeZone: string, hour: number): number {
  for (let at = Math.ceil(now / HOUR_MS) * HOUR_MS; ; at += HOUR_MS) {
    if (Math.floor((at + offsetAt(at, timeZone)) / HOUR_MS) % 24 === hour) return at;
  }
}

/** The next instant after `now` at which `timeZone`'s offset changes. */
function nextOffsetChange(now: number, timeZone: string): number {
  const start = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const first = offsetAt(start, timeZone);
  for (let at = start + HOUR_MS; at < start + 400 * 24 * HOUR_MS; at += HOUR_MS) {
    if (offsetAt(at, timeZone) !== first) return at;
  }
  throw new Error(`${timeZone} has no daylight-saving change in the next 400 days`);
}

/**
 * Places the run's clock once per run (the workers inherit the environment) and shifts this
 * process's `Date`; answers the shift in ms (0: the machine's clock). Sets the run's zone for `dst`.
 */
export function placeRunClock(dayStartHour: number): number {
  const setting = process.env[CLOCK_ENV];
  let shift = Number(process.env[SHIFT_ENV]);
  if (Number.isNaN(shift) || process.env[SHIFT_ENV] === undefined) {
    const now = Date.now();
    let start: number | null = null;
    if (setting === "day-start") {
      process.env[RUN_ZONE_ENV] ??= steadyPlace(now).timeZone;
      start = nextLocalHour(now + LEAD_MS, process.env[RUN_ZONE_ENV], dayStartHour) - LEAD_MS;
    } else if (setting === "dst") {
      process.env[RUN_ZONE_ENV] ??= DST_ZONE;
      start = nextOffsetChange(now + LEAD_MS, process.env[RUN_ZONE_ENV]) - LEAD_MS;
    } else if (setting && setting !== "real") {
      start = Date.parse(setting);
      if (Number.isNaN(start)) throw new Error(`${CLOCK_ENV}=${setting}: use day-start, dst, real or an ISO instant`);
      if (start < now)
        throw new Error(`${CLOCK_ENV}=${setting} is in the past: the hub's alarms ring on the machine's clock`);
    }
    // Whole minutes, as the worker suite's (docs/decisions/236-suites-run-across-a-days-start.md).
    shift = start === null ? 0 : Math.ceil((start - now) / MINUTE_MS) * MINUTE_MS;
    process.env[SHIFT_ENV] = String(shift);
    if (shift !== 0) {
      console.log(
        `Browser suite: clock ${new Date(now + shift).toISOString()} (${CLOCK_ENV}=${setting}, ${SHIFT_ENV}=${shift} replays it), zone ${process.env[RUN_ZONE_ENV]}.`,
      );
    }
  }
  shiftClock(shift);
  return shift;
}

/** The run's clock shift, as placed by the configuration. */
export function runClockShift(): number {
  return Number(process.env[SHIFT_ENV]) || 0;
}

const shifted = new WeakSet<BrowserContext>();

/** Every page of `context` runs its `Date` as far ahead as the run's clock, its time still flowing. */
export async function shiftPageClock(context: BrowserContext): Promise<void> {
  const shift = runClockShift();
  if (shift === 0 || shifted.has(context)) return;
  shifted.add(context);
  await context.addInitScript(shiftClock, shift);
}
