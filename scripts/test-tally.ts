// The closing tally of `npm test` (scripts/test.mjs): the suites' test counts, and every failed step
// counted as a failure too, so a run whose lint or build failed never ends with "0 failed".

/** A suite's counts, read from its JSON report. */
export type SuiteCounts = { passed: number; failed: number; skipped: number };

/**
 * One finished step: whether its command succeeded, and for a test suite its counts (null when the
 * suite wrote no report). A step that is not a suite has no `counts`.
 */
export type StepOutcome = { name: string; ok: boolean; counts?: SuiteCounts | null };

export type Tally = SuiteCounts & { failedSteps: string[] };

export const emptyTally = (): Tally => ({ passed: 0, failed: 0, skipped: 0, failedSteps: [] });

/**
 * Adds a step to the tally. A suite adds its tests; a failed step adds 1 to `failed`, unless its
 * failed tests already count it (a suite that failed with no failed test, ran no test or wrote no
 * report adds 1).
 */
export function recordStep(tally: Tally, { name, ok, counts }: StepOutcome): void {
  const problems: string[] = [];
  if (counts === null) problems.push(`${name} (no report)`);
  if (counts) {
    tally.passed += counts.passed;
    tally.failed += counts.failed;
    tally.skipped += counts.skipped;
    if (counts.passed + counts.failed === 0) problems.push(`${name} (ran no test)`);
  }
  if (!ok) problems.push(name);
  if (!problems.length) return;
  tally.failedSteps.push(...problems.filter((problem) => !tally.failedSteps.includes(problem)));
  if (!counts?.failed) tally.failed += 1;
}

/** The run's last lines; the very last is always `N passed, N failed`. */
export function closingLines(tally: Tally, seconds: number): string[] {
  return [
    `All steps took ${seconds} s.`,
    ...(tally.failedSteps.length ? [`Failed: ${tally.failedSteps.join(", ")}`] : []),
    `${tally.skipped} skipped`,
    `${tally.passed} passed, ${tally.failed} failed`,
  ];
}
