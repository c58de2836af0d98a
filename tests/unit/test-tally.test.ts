import { describe, expect, it } from "vitest";
import { closingLines, emptyTally, recordStep } from "../../scripts/test-tally";

const suite = (passed: number, failed: number, skipped = 0) => ({ passed, failed, skipped });

describe("npm test's closing tally", () => {
  it("counts each failed step that is not a suite as one failure", () => {
    const tally = emptyTally();
    recordStep(tally, { name: "typecheck", ok: true });
    recordStep(tally, { name: "lint", ok: false });
    recordStep(tally, { name: "import directions", ok: false });
    recordStep(tally, { name: "unit tests", ok: true, counts: suite(1078, 0, 2) });
    expect(tally).toMatchObject({ passed: 1078, failed: 2, skipped: 2, failedSteps: ["lint", "import directions"] });
    expect(closingLines(tally, 12).at(-1)).toBe("1078 passed, 2 failed");
  });

  it("counts a suite's failed tests, not the suite once more", () => {
    const tally = emptyTally();
    recordStep(tally, { name: "worker tests", ok: false, counts: suite(500, 3) });
    expect(tally).toMatchObject({ passed: 500, failed: 3, failedSteps: ["worker tests"] });
  });

  it("counts a suite that failed without a failed test, ran no test or wrote no report as one failure", () => {
    const tally = emptyTally();
    recordStep(tally, { name: "worker tests", ok: false, counts: suite(10, 0) });
    recordStep(tally, { name: "unit tests", ok: true, counts: suite(0, 0) });
    recordStep(tally, { name: "browser tests", ok: false, counts: null });
    expect(tally.failed).toBe(3);
    expect(tally.failedSteps).toEqual([
      "worker tests",
      "unit tests (ran no test)",
      "browser tests (no report)",
      "browser tests",
    ]);
  });

  it("ends with the passed and failed line, after the failed steps", () => {
    const tally = emptyTally();
    recordStep(tally, { name: "lint", ok: false });
    recordStep(tally, { name: "unit tests", ok: true, counts: suite(7, 0, 1) });
    expect(closingLines(tally, 9)).toEqual(["All steps took 9 s.", "Failed: lint", "1 skipped", "7 passed, 1 failed"]);
  });

  it("shows no failed line when every step passed", () => {
    const tally = emptyTally();
    recordStep(tally, { name: "lint", ok: true });
    recordStep(tally, { name: "unit tests", ok: true, counts: suite(7, 0) });
    expect(closingLines(tally, 9)).toEqual(["All steps took 9 s.", "0 skipped", "7 passed, 0 failed"]);
  });
});
