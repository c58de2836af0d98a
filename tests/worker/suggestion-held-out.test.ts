import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { generateLocalAnswer } from "../../worker/suggestions/local-generator";
import { HELD_OUT_PROMPTS, heldOutMisses } from "./suggestion-prompts-held-out";

// The embedded generator on prompts it was not written for
// (docs/decisions/195-held-out-suggestion-prompts.md). One test per prompt only when the bench
// asks (SUGGESTION_BENCH=1, bench/suggestions.mjs prints the figure); the suite itself holds the
// figure measured when the set was last reported, so it can only go up.

const localAnswer = generateLocalAnswer;

/** Held-out prompts answered honestly when bench/RESULTS.md was last written. */
const REPORTED_HONEST = 32;

describe.runIf(env.SUGGESTION_BENCH !== "")("held-out: the embedded generator", () => {
  it.each(HELD_OUT_PROMPTS)("$why: $prompt", (testCase) => {
    expect(heldOutMisses(testCase, localAnswer(testCase.prompt))).toEqual([]);
  });
});

describe("the embedded generator on the held-out prompts", () => {
  it("answers at least as many honestly as last reported", () => {
    const honest = HELD_OUT_PROMPTS.filter(
      (testCase) => heldOutMisses(testCase, localAnswer(testCase.prompt)).length === 0,
    );
    expect(honest.length).toBeGreaterThanOrEqual(REPORTED_HONEST);
  });
});
