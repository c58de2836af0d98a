import { describe, expect, it } from "vitest";
import { sourceText } from "../../web/features/suggestions/suggestion-source";

describe("sourceText", () => {
  it.each([
    [{ provider: "workers-ai", fallbackFrom: null }, "Suggested by Workers AI."],
    [{ provider: "openai", fallbackFrom: null }, "Suggested by an AI model (OpenAI-compatible API)."],
    [{ provider: "local", fallbackFrom: null }, "Suggestions are generated on our server without an AI model."],
    [
      { provider: "local", fallbackFrom: "workers-ai" },
      "Workers AI did not answer, so these come from our server's built-in generator (no AI model).",
    ],
    [
      { provider: "local", fallbackFrom: "openai" },
      "The AI model did not answer, so these come from our server's built-in generator (no AI model).",
    ],
  ] as const)("%j → %s", (source, text) => {
    expect(sourceText(source)).toBe(text);
  });
});
