import { describe, expect, it } from "vitest";
import { answerLines } from "../../worker/suggestions/answer-shapes";

// How a model's answer is read, whatever its shape (docs/decisions/232-every-answer-shape-read.md).
// A pure function; it lives with the worker and runs here, in the same runtime that serves it.
const STEPS = ["Book the venue", "Write the guest list", "Order the cake"];

describe("answerLines", () => {
  it.each<[string, unknown]>([
    ["the object asked for", { suggestions: STEPS }],
    ["its JSON text", JSON.stringify({ suggestions: STEPS })],
    ["a bare array", STEPS],
    ["a list under another key", { next_steps: STEPS }],
    ["the list one object down", { response: { steps: STEPS } }],
    ["JSON text inside a string field", { answer: JSON.stringify(STEPS) }],
    ["step objects of mixed keys", [{ title: STEPS[0] }, { task: STEPS[1] }, { description: STEPS[2] }]],
    ["a fence without a language", `Here:\n\`\`\`\n${JSON.stringify(STEPS)}\n\`\`\``],
    ["an object with prose on both sides", `Sure. ${JSON.stringify({ tasks: STEPS })} Good luck.`],
    ["a list with Step labels", `Step 1: ${STEPS[0]}\nStep 2: ${STEPS[1]}\nStep 3: ${STEPS[2]}`],
    ["a bold lead with an explanation", STEPS.map((step, i) => `${i + 1}. **${step}** – it helps`).join("\n")],
  ])("reads %s", (_shape, answer) => {
    expect(answerLines(answer)).toEqual(STEPS);
  });

  it.each<[string, unknown]>([
    ["prose with no list", "That sounds fun! Think about who to invite."],
    ["numbers", { suggestions: [1, 2, 3] }],
    ["nothing", null],
    ["an empty object", {}],
    ["broken JSON and no list", '{"suggestions": ["Book the venue"'],
  ])("finds no line in %s", (_shape, answer) => {
    expect(answerLines(answer)).toEqual([]);
  });

  it("reads at most 20 lines", () => {
    expect(answerLines(Array.from({ length: 40 }, (_, i) => `Step number ${i}`))).toHaveLength(20);
  });
});
