import type { TaskSuggestionsResponse } from "../../../shared/schemas/suggestions";

const MODELS = {
  "workers-ai": { by: "Workers AI", subject: "Workers AI" },
  openai: { by: "an AI model (OpenAI-compatible API)", subject: "The AI model" },
} as const;

export type SuggestionSource = Pick<TaskSuggestionsResponse, "provider" | "kind" | "noneReason" | "failure">;

/**
 * The panel's line saying which one answered (docs/product.md#ai-suggestion-widget): a model, or
 * the built-in generator, which runs on our server without an AI model.
 */
export function sourceText({ provider }: SuggestionSource) {
  return provider === "local"
    ? "Suggestions are generated on our server without an AI model."
    : `Suggested by ${MODELS[provider].by}.`;
}

/**
 * What an answer with no lines says (docs/decisions/231-never-filler.md): how the model failed,
 * with nothing made up in its place, for the person to try again; or why the built-in generator
 * has nothing (it reads only English, or knows no steps for this), and what the person can do.
 */
export function emptyText({ provider, noneReason, failure }: SuggestionSource): { title: string; body: string } {
  if (provider !== "local") {
    const { subject } = MODELS[provider];
    const what =
      failure === "timeout"
        ? `${subject} did not answer in time.`
        : failure === "unusable"
          ? `${subject}'s answer had no steps we could show.`
          : `${subject} did not answer.`;
    return { title: "Failed to get suggestions", body: `${what} Nothing was made up in its place: try again.` };
  }
  const generator = "Our built-in generator (no AI model is connected here)";
  return noneReason === "language"
    ? {
        title: "No suggestions found",
        body: `${generator} reads only English. Write your goal in English, or list your tasks one per line.`,
      }
    : {
        title: "No suggestions found",
        body: `${generator} knows steps only for common goals, and none for this. Name one goal in a sentence, like “prepare for Friday's interview”, or list your tasks one per line.`,
      };
}
