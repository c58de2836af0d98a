import { describe, expect, it } from "vitest";
import { emptyText, type SuggestionSource, sourceText } from "../../web/features/suggestions/suggestion-source";

const answered = { kind: "suggestions", noneReason: null, failure: null } as const;
const nothing = { kind: "none", noneReason: null, failure: null } as const;

describe("sourceText", () => {
  it.each<[SuggestionSource, string]>([
    [{ ...answered, provider: "workers-ai" }, "Suggested by Workers AI."],
    [{ ...answered, provider: "openai" }, "Suggested by an AI model (OpenAI-compatible API)."],
    [{ ...answered, provider: "local" }, "Suggestions are generated on our server without an AI model."],
  ])("%j → %s", (source, text) => {
    expect(sourceText(source)).toBe(text);
  });
});

describe("emptyText", () => {
  it.each<[SuggestionSource, string, RegExp]>([
    [
      { ...nothing, provider: "workers-ai", failure: "failed" },
      "Failed to get suggestions",
      /^Workers AI did not answer\. Nothing was made up in its place: try again\.$/,
    ],
    [
      { ...nothing, provider: "openai", failure: "timeout" },
      "Failed to get suggestions",
      /^The AI model did not answer in time\. .*try again/,
    ],
    [
      { ...nothing, provider: "workers-ai", failure: "unusable" },
      "Failed to get suggestions",
      /^Workers AI's answer had no steps we could show\. .*try again/,
    ],
    [
      { ...nothing, provider: "local", noneReason: "language" },
      "No suggestions found",
      /no AI model is connected here\) reads only English\. Write your goal in English/,
    ],
    [
      { ...nothing, provider: "local", noneReason: "unknown" },
      "No suggestions found",
      /no AI model is connected here\) knows steps only for common goals, and none for this\. Name one goal/,
    ],
  ])("%j → %s", (source, title, body) => {
    const text = emptyText(source);
    expect(text.title).toBe(title);
    expect(text.body).toMatch(body);
  });
});
