import { describe, expect, it } from "vitest";
import { type SuggestionSource, sourceText } from "../../web/features/suggestions/suggestion-source";

const answered = { fallbackFrom: null, fallbackReason: null, kind: "suggestions", toppedUp: false } as const;

describe("sourceText", () => {
  it.each<[SuggestionSource, string]>([
    [{ ...answered, provider: "workers-ai" }, "Suggested by Workers AI."],
    [{ ...answered, provider: "openai" }, "Suggested by an AI model (OpenAI-compatible API)."],
    [
      { ...answered, provider: "workers-ai", toppedUp: true },
      "Suggested by Workers AI, with some from our server's built-in generator.",
    ],
    [{ ...answered, provider: "local" }, "Suggestions are generated on our server without an AI model."],
    [
      { ...answered, provider: "local", fallbackFrom: "workers-ai", fallbackReason: "failed" },
      "Workers AI did not answer, so these come from our server's built-in generator (no AI model).",
    ],
    [
      { ...answered, provider: "local", fallbackFrom: "openai", fallbackReason: "failed" },
      "The AI model did not answer, so these come from our server's built-in generator (no AI model).",
    ],
    // It answered, and its lines were discarded: said as that, not as silence.
    [
      { ...answered, provider: "local", fallbackFrom: "workers-ai", fallbackReason: "unusable" },
      "Workers AI's answer could not be used, so these come from our server's built-in generator (no AI model).",
    ],
    [
      { ...answered, provider: "local", fallbackFrom: "openai", fallbackReason: "unusable", kind: "none" },
      "The AI model's answer could not be used, and our server's built-in generator (no AI model) found nothing specific.",
    ],
  ])("%j → %s", (source, text) => {
    expect(sourceText(source)).toBe(text);
  });
});
