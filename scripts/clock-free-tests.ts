// What makes a browser test depend on the wall clock, found in its source
// (docs/decisions/237-clock-dependence-fails-every-run.md), as a pure function of the sources:
// scripts/check-clock-free-tests.ts reads tests/e2e and runs it; tests/unit/clock-free-tests.test.ts
// runs it on small examples. The browser suite's server runs on the real clock, so its tests keep
// their days steady by where they live: every account and browser in the run's place
// (tests/e2e/run-place.ts), or in a place a test chose for its own day.

/** Reads of the machine's calendar: its date and hour, not the run place's. */
const CALENDAR_READS =
  /\.get(?:UTC)?(?:FullYear|Month|Date|Day|Hours|Minutes)\(|\.toDateString\(|\.toLocale(?:Date|Time)?String\(|\.toISOString\(\)\.(?:slice|split|substring)\(/g;

/** A registration, up to the end of the call that makes it. */
const REGISTRATIONS = /["'`]\/api\/auth\/register["'`][\s\S]*?\}\);/g;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** One line per clock dependence in the browser suite's sources, or none. */
export function clockProblems(files: readonly { path: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const { path, text } of files) {
    for (const match of text.matchAll(CALENDAR_READS)) {
      problems.push(
        `${path}:${lineOf(text, match.index)}: reads the machine's calendar (${match[0]}); the browsers' and accounts' day is the run place's: wallClock(instant, runPlace().timeZone) in shared/day.ts`,
      );
    }
    for (const match of text.matchAll(REGISTRATIONS)) {
      if (!match[0].includes("timeZone")) {
        problems.push(
          `${path}:${lineOf(text, match.index)}: registers an account without a timeZone: it would live in UTC, where the real clock's day turns during some runs; use registerViaApi (tests/e2e/fixtures.ts)`,
        );
      }
    }
  }
  return problems;
}
