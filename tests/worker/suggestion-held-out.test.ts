import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { generateLocalAnswer } from "../../worker/suggestions/local-generator";
import { SUGGESTION_PROMPTS } from "./suggestion-prompts";
import { FILLER_LINES, HELD_OUT_PROMPTS, heldOutMisses } from "./suggestion-prompts-held-out";

// The embedded generator on prompts it was not written for
// (docs/decisions/195-held-out-suggestion-prompts.md). One test per prompt only when the bench
// asks (SUGGESTION_BENCH=1, bench/suggestions.mjs prints the figure); the suite itself holds the
// figure measured when the set was last reported, so it can only go up.

const localAnswer = generateLocalAnswer;

/**
 * Held-out prompts answered as their case says when bench/RESULTS.md was last written. Since the
 * third round (docs/decisions/231-never-filler.md) a goal no recipe knows gets an honest "none"
 * where it once got steps made from its words, which the "about" cases count as a miss: 21, down
 * from 32, with no filler line left among them.
 */
const REPORTED_HONEST = 21;

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

  // What must hold for every prompt, whatever else the answer gets wrong.
  const everyPrompt = [...HELD_OUT_PROMPTS, ...SUGGESTION_PROMPTS].map(({ prompt }) => prompt);

  it("never answers one-size-fits-all lines", () => {
    for (const prompt of everyPrompt) {
      expect(
        generateLocalAnswer(prompt).suggestions.filter((line) => FILLER_LINES.includes(line)),
        prompt,
      ).toEqual([]);
    }
  });

  it("never offers what a prompt must not be about: an injected instruction, a word in passing", () => {
    for (const testCase of HELD_OUT_PROMPTS) {
      if (!("never" in testCase) || !testCase.never) continue;
      const { never } = testCase;
      expect(
        generateLocalAnswer(testCase.prompt).suggestions.filter((line) => never.test(line)),
        testCase.prompt,
      ).toEqual([]);
    }
  });

  it("answers kind none with no lines, and tasks or suggestions with at least one", () => {
    for (const prompt of everyPrompt) {
      const answer = generateLocalAnswer(prompt);
      expect(answer.kind === "none" ? answer.suggestions.length === 0 : answer.suggestions.length > 0, prompt).toBe(
        true,
      );
    }
  });
});
