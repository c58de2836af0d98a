import { describe, expect, it } from "vitest";
import { mapProblems, testsFor } from "../../scripts/test-map";

const all = {
  worker: ["health.test.ts", "suite-clock.test.ts", "routines.test.ts", "routine-weeks.test.ts", "focus-alarm.test.ts"],
  e2e: ["routines.spec.ts", "routines-import.spec.ts", "focus.spec.ts", "headers.spec.ts"],
};

describe("the quick tier's map of tests", () => {
  it("runs an area's worker and browser tests, and the always-run ones, for a change in it", () => {
    const picked = testsFor(["web/features/routines/routine-form.tsx"], all);
    expect(picked.areas).toEqual(["routines"]);
    expect(picked.worker).toEqual([
      "health.test.ts",
      "suite-clock.test.ts",
      "routines.test.ts",
      "routine-weeks.test.ts",
    ]);
    expect(picked.e2e).toEqual(["routines.spec.ts", "routines-import.spec.ts"]);
  });

  it("runs a changed test file itself, and only the always-run ones for a change no area holds", () => {
    const picked = testsFor(["README.md", "tests/worker/focus-alarm.test.ts"], all);
    expect(picked).toEqual({
      worker: ["health.test.ts", "suite-clock.test.ts", "focus-alarm.test.ts"],
      e2e: [],
      areas: [],
    });
  });

  it("names every test file no area reaches", () => {
    const problems = mapProblems({ worker: [...all.worker, "brand-new.test.ts"], e2e: all.e2e });
    expect(problems).toContain("worker test brand-new: no area of scripts/test-map.ts reaches it, nor ALWAYS");
  });
});
