import { describe, expect, it } from "vitest";
import { GOAL_RECIPES } from "../../worker/suggestions/goal-recipes";
import { generateLocalAnswer } from "../../worker/suggestions/local-generator";
import { SUGGESTION_PROMPTS } from "./suggestion-prompts";
import { HELD_OUT_PROMPTS } from "./suggestion-prompts-held-out";
import { ROUND_THREE_PROMPTS } from "./suggestion-prompts-round-three";

// Never filler (docs/decisions/231-never-filler.md): on every prompt set, no line of the embedded
// generator is the person's words put into a template; what it cannot help with is said as that.

const EVERY_PROMPT = [...SUGGESTION_PROMPTS, ...HELD_OUT_PROMPTS, ...ROUND_THREE_PROMPTS].map(({ prompt }) => prompt);

/** The recipes' own lines, whatever the prompt: written by us, not made of the person's words. */
const RECIPE_LINES = new Set(GOAL_RECIPES.flatMap((recipe) => recipe.steps("")));

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/**
 * Three words of the prompt in a row inside a step that is neither the person's own task (the
 * whole line their words) nor a recipe's own line: the prompt pasted into a template.
 */
function pastedWords(line: string, prompt: string): string | undefined {
  const said = ` ${words(prompt).join(" ")} `;
  const own = words(line);
  if (said.includes(` ${own.join(" ")} `) || RECIPE_LINES.has(line)) return undefined;
  for (let i = 0; i + 3 <= own.length; i++) {
    const run = own.slice(i, i + 3).join(" ");
    if (said.includes(` ${run} `)) return run;
  }
  return undefined;
}

describe("the embedded generator never answers filler", () => {
  it("puts no three words of any prompt into a template, on all three prompt sets", () => {
    const pasted = EVERY_PROMPT.flatMap((prompt) => {
      const answer = generateLocalAnswer(prompt);
      if (answer.kind !== "suggestions") return [];
      return answer.suggestions
        .filter((line) => pastedWords(line, prompt) !== undefined)
        .map((line) => ({ prompt, line }));
    });
    expect(pasted).toEqual([]);
  });

  it("catches a template line: the check itself", () => {
    expect(pastedWords("Write down what you want from purple monkey dishwasher", "purple monkey dishwasher")).toBe(
      "purple monkey dishwasher",
    );
    expect(pastedWords("Call the bank", "I need to call the bank")).toBeUndefined();
  });

  it.each([
    // The issue's own examples of filler, each now an honest "none".
    ["Long one", "unknown"],
    ["qwpeoi zxmn lkj", "unknown"],
    ["blorp fizzwanger the teapot", "unknown"],
    ["repaint the hallway", "unknown"],
    ["Quiero aprender a nadar", "language"],
    ["来月の旅行の準備をしたい", "language"],
    ["?!?!", "unknown"],
  ])("%j: nothing, and why (%s)", (prompt, why) => {
    expect(generateLocalAnswer(prompt)).toEqual({ kind: "none", suggestions: [], noneReason: why });
  });

  it("reads no launch into something broken, and no flights into a trip by road", () => {
    expect(generateLocalAnswer("fix the memory leak in our Node API before the launch").suggestions).not.toContain(
      "Make a simple landing page",
    );
    const campervan = generateLocalAnswer("plan a campervan trip through Scotland in May").suggestions;
    expect(campervan.length).toBeGreaterThanOrEqual(3);
    expect(campervan.join("\n")).not.toMatch(/flight/i);
    expect(generateLocalAnswer("appeal a parking fine I got unfairly").suggestions).not.toContain(
      "Pay the appeal a parking fine I got unfairly",
    );
  });

  it("answers at most six steps, as the product asks", () => {
    for (const prompt of EVERY_PROMPT) {
      const answer = generateLocalAnswer(prompt);
      if (answer.kind === "suggestions") expect(answer.suggestions.length, prompt).toBeLessThanOrEqual(6);
    }
  });

  it("says why every empty answer is empty", () => {
    for (const prompt of EVERY_PROMPT) {
      const answer = generateLocalAnswer(prompt);
      if (answer.kind === "none") expect(["language", "unknown"], prompt).toContain(answer.noneReason);
    }
  });
});
