import type { ModelProvider, TaskSuggestionsResponse } from "../../../shared/schemas/suggestions";

const MODELS: Record<ModelProvider, { by: string; subject: string }> = {
  "workers-ai": { by: "Workers AI", subject: "Workers AI" },
  openai: { by: "an AI model (OpenAI-compatible API)", subject: "The AI model" },
};

export type SuggestionSource = Pick<
  TaskSuggestionsResponse,
  "provider" | "fallbackFrom" | "fallbackReason" | "kind" | "toppedUp"
>;

/**
 * The panel's line saying which one answered (docs/product.md#ai-suggestion-widget): a model (with
 * some lines of the built-in generator when it gave too few), the built-in generator, or the
 * built-in generator because the model did not answer or its answer could not be used, named as
 * what happened (docs/decisions/196-model-answers-checked-by-shape.md).
 */
export function sourceText({ provider, fallbackFrom, fallbackReason, kind, toppedUp }: SuggestionSource) {
  if (provider !== "local") {
    return toppedUp
      ? `Suggested by ${MODELS[provider].by}, with some from our server's built-in generator.`
      : `Suggested by ${MODELS[provider].by}.`;
  }
  if (fallbackFrom) {
    const { subject } = MODELS[fallbackFrom];
    const what = fallbackReason === "unusable" ? `${subject}'s answer could not be used` : `${subject} did not answer`;
    return kind === "none"
      ? `${what}, and our server's built-in generator (no AI model) found nothing specific.`
      : `${what}, so these come from our server's built-in generator (no AI model).`;
  }
  return "Suggestions are generated on our server without an AI model.";
}
