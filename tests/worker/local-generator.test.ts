import { describe, expect, it } from "vitest";
import { LIMITS } from "../../shared/constants";
import { capTitle, generateLocalSuggestions, splitClauses } from "../../worker/suggestions/local-generator";

// A pure function; it lives with the worker and runs here, in the same runtime that serves it.
describe("generateLocalSuggestions", () => {
  it.each<[string, string[]]>([
    ["I need to call the bank and book the dentist", ["Call the bank", "Book the dentist"]],
    ["get fit", ["Get fit", "Schedule a 20-minute walk"]],
    [
      "Tomorrow I have to pick up the kids, buy groceries and finish the report.",
      ["Pick up the kids tomorrow", "Buy groceries", "Finish the report"],
    ],
    ["buy milk, eggs and bread", ["Buy milk, eggs and bread"]],
    ["Things to do today: laundry, groceries, call mom", ["Do the laundry", "Buy groceries", "Call mom"]],
    [
      "I want to learn Spanish and save money",
      ["Learn Spanish", "Spend 15 minutes learning Spanish", "Save money", "List this month's expenses"],
    ],
    ["Read and reply to emails, then walk the dog", ["Read and reply to emails", "Walk the dog"]],
    ["I'm so stressed at work", ["Take a 5-minute breathing break"]],
    ["How can I be more productive?", ["Be more productive", "Pick one task and work on it for 25 minutes"]],
    [
      "- email Sam about the budget\n- fix the leaking tap\n* renew passport",
      ["Email Sam about the budget", "Fix the leaking tap", "Renew passport"],
    ],
    [
      "I need a haircut. Also I should really clean the garage because it's a mess",
      ["Get a haircut", "Clean the garage"],
    ],
    [
      "quarterly report; dentist; mom's birthday",
      ["Finish the quarterly report", "Book the dentist", "Plan mom's birthday"],
    ],
    ["call mom and dad", ["Call mom and dad"]],
    ["Calling the insurance company about the claim", ["Call the insurance company about the claim"]],
    ["on Monday I need to submit the tax return", ["Submit the tax return on Monday"]],
    ["Don't forget to water the plants!", ["Water the plants"]],
    [
      "1. Call grandma\n2. Send invoice to client\n3) Back up laptop",
      ["Call grandma", "Send invoice to client", "Back up laptop"],
    ],
    ["I want a new job", ["Get a new job", "Update your resume with your latest role"]],
    ["Be more confident", ["Be more confident", "Write down one small first step to be more confident"]],
    [
      "Clean the house, do laundry, cook dinner, and study for my exam",
      ["Clean the house", "Do laundry", "Cook dinner", "Study for my exam"],
    ],
    [
      "Pay the electricity bill e.g. via the app. Then book flights.",
      ["Pay the electricity bill e.g. via the app", "Book flights"],
    ],
    [
      "What should I do today?",
      [
        "Write down everything on your mind",
        "Pick your top three tasks for today",
        "Block 25 minutes for the most important one",
      ],
    ],
    ["hello", []],
    ["", []],
  ])("%j → %j", (prompt, expected) => {
    expect(generateLocalSuggestions(prompt)).toEqual(expected);
  });

  it("is deterministic", () => {
    const prompt = "So my week is crazy. I have to finish the Q3 budget, and I really want to start running again.";
    const first = generateLocalSuggestions(prompt);
    expect(first).toEqual(["Finish the Q3 budget", "Start running again", "Schedule a 20-minute walk"]);
    for (let i = 0; i < 5; i++) expect(generateLocalSuggestions(prompt)).toEqual(first);
  });

  it("never repeats a title (case-insensitive) and respects the maximum count", () => {
    const prompt =
      "call mom. Call Mom. CALL MOM\n".repeat(3) + Array.from({ length: 20 }, (_, i) => `call friend ${i}`).join("\n");
    const result = generateLocalSuggestions(prompt);
    expect(result).toHaveLength(LIMITS.suggestionsMax);
    expect(result.filter((title) => title.toLowerCase() === "call mom")).toHaveLength(1);
  });

  it("keeps every title within the length limit", () => {
    const result = generateLocalSuggestions(`write ${"the longest report anybody has ever seen ".repeat(10)}`);
    expect(result).toHaveLength(1);
    expect(result[0]?.length).toBeLessThanOrEqual(LIMITS.suggestionMax);
    expect(result[0]).toMatch(/seen…$|\w…$/);
  });

  it("handles a prompt of the maximum length", () => {
    const prompt = "I need to call the bank and book the dentist, then buy milk, eggs and bread. "
      .repeat(30)
      .slice(0, LIMITS.promptMax);
    const result = generateLocalSuggestions(prompt);
    expect(result).toEqual(["Call the bank", "Book the dentist", "Buy milk, eggs and bread"]);
  });
});

describe("splitClauses", () => {
  it("cuts where a new action starts and keeps object lists whole", () => {
    expect(splitClauses("call mom, pay the rent and buy milk, eggs and bread")).toEqual([
      "call mom",
      "pay the rent",
      "buy milk, eggs and bread",
    ]);
  });
});

describe("capTitle", () => {
  it("cuts at a word boundary with an ellipsis", () => {
    const title = capTitle(`Call ${"someone ".repeat(30)}`);
    expect(title.length).toBeLessThanOrEqual(LIMITS.suggestionMax);
    expect(title.endsWith("someone…")).toBe(true);
  });
});
