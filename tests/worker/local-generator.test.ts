import { describe, expect, it } from "vitest";
import { LIMITS } from "../../shared/constants";
import { GOAL_RECIPES } from "../../worker/suggestions/goal-recipes";
import { generateLocalSuggestions, splitClauses } from "../../worker/suggestions/local-generator";
import { capTitle } from "../../worker/suggestions/titles";
import { brokenRules } from "./suggestion-prompts";

// A pure function; it lives with the worker and runs here, in the same runtime that serves it.
describe("generateLocalSuggestions", () => {
  it.each<[string, string[]]>([
    ["I need to call the bank and book the dentist", ["Call the bank", "Book the dentist"]],
    [
      "get fit",
      [
        "Pick three workout days this week",
        "Take a 20-minute walk today",
        "Lay out your workout clothes tonight",
        "Book a class at a local gym",
        "Track each workout in your calendar",
      ],
    ],
    [
      "Tomorrow I have to pick up the kids, buy groceries and finish the report.",
      ["Pick up the kids tomorrow", "Buy groceries", "Finish the report"],
    ],
    // One concrete task that is the prompt itself: the step that adds something is a time for it.
    ["buy milk, eggs and bread", ["Set a reminder to buy milk, eggs and bread"]],
    ["call mom", ["Set a reminder to call mom"]],
    ["Things to do today: laundry, groceries, call mom", ["Do the laundry", "Buy groceries", "Call mom"]],
    [
      "I want to learn Spanish and save money",
      [
        "Install a Spanish course app",
        "Learn 10 everyday Spanish words today",
        "Schedule 15 minutes of Spanish practice daily",
        "List this month's fixed expenses",
        "Check last month's bank statement",
        "Set a weekly spending limit",
      ],
    ],
    ["Read and reply to emails, then walk the dog", ["Read and reply to emails", "Walk the dog"]],
    [
      "I'm so stressed at work",
      [
        "Write down everything on your mind",
        "Circle the three tasks that matter most today",
        "Start the smallest one for 10 minutes",
        "Move one task to today's No list",
        "Take a 5-minute walk away from screens",
      ],
    ],
    [
      "How can I be more productive?",
      [
        "Pick one task and work on it for 25 minutes",
        "Turn off notifications for an hour",
        "Break the next task into 10-minute steps",
        "Write tomorrow's top three tasks tonight",
      ],
    ],
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
    ["Calling the insurance company about the claim", ["Call the insurance company about the claim"]],
    ["on Monday I need to submit the tax return", ["Submit the tax return on Monday"]],
    ["Don't forget to water the plants!", ["Water the plants"]],
    [
      "1. Call grandma\n2. Send invoice to client\n3) Back up laptop",
      ["Call grandma", "Send invoice to client", "Back up laptop"],
    ],
    [
      "I want a new job",
      [
        "Update your CV with your latest role",
        "List five companies you would like to work for",
        "Message two people in your network",
        "Set up job alerts on one job site",
        "Apply to one role this week",
      ],
    ],
    // A goal no recipe knows: general first steps, naming it when it is short.
    [
      "Be more confident",
      [
        "Write down why you want to be more confident",
        "Pick one small first step for today",
        "Block 25 minutes this week to start",
        "Share your plan with a friend",
      ],
    ],
    // Beside other tasks a goal gets its recipe's first three steps.
    [
      "Clean the house, do laundry, cook dinner, and study for my exam",
      [
        "Clean the house",
        "Do laundry",
        "Cook dinner",
        "List every topic the exam covers",
        "Mark the three topics you know least",
        "Schedule 45-minute study blocks until the exam",
      ],
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
    // The specifics of the goal are filled in.
    [
      "plan a trip to Japan",
      [
        "Check passport expiry date",
        "Check visa and entry rules for Japan",
        "Compare flights to Japan for your dates",
        "List three neighbourhoods to stay in",
        "Set a daily budget for the trip",
        "Shortlist five things to do in Japan",
      ],
    ],
    [
      "the house is a mess and guests come Saturday",
      [
        "Clear the surfaces in the living room",
        "Clean the bathroom and put out fresh towels",
        "Run the dishwasher and empty the sink",
        "Vacuum the floors",
        "Make up the guest bed before Saturday",
      ],
    ],
    [
      "Japan",
      [
        "Write down what done looks like",
        "Pick one small first step for today",
        "Block 25 minutes this week to start",
        "Share your plan with a friend",
      ],
    ],
    ["hello", []],
    ["asdf", []],
    ["", []],
  ])("%j → %j", (prompt, expected) => {
    expect(generateLocalSuggestions(prompt)).toEqual(expected);
  });

  it("is deterministic", () => {
    const prompt = "So my week is crazy. I have to finish the Q3 budget, and I really want to start running again.";
    const first = generateLocalSuggestions(prompt);
    expect(first).toEqual([
      "Finish the Q3 budget",
      "Download a beginner running plan",
      "Take a 20-minute walk today",
      "Lay out your workout clothes tonight",
    ]);
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
    const result = generateLocalSuggestions(
      `call ${"the person who knows everybody we have met ".repeat(10)}\nbuy milk`,
    );
    expect(result).toHaveLength(2);
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

describe("GOAL_RECIPES", () => {
  // With no specifics in the prompt, and with every kind of specific a recipe fills in.
  const prompts = ["", "a trip to Japan on Friday to learn Spanish guitar at the dentist for my passport thesis"];
  it.each(GOAL_RECIPES.flatMap((recipe) => prompts.map((prompt) => [recipe.goal, prompt, recipe] as const)))(
    "%s (%j) answers 3 to 6 steps a person would agree with",
    (_goal, prompt, recipe) => {
      const steps = recipe.steps(prompt);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect(steps.length).toBeLessThanOrEqual(6);
      expect(brokenRules({ prompt: "", goal: true }, steps)).toEqual([]);
    },
  );
});
