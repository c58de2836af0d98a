import type { ModelProvider, TaskSuggestionsResponse } from "../../../shared/schemas/suggestions";

const MODELS: Record<ModelProvider, { by: string; subject: string }> = {
  "workers-ai": { by: "Workers AI", subject: "Workers AI" },
  openai: { by: "an AI model (OpenAI-compatible API)", subject: "The AI model" },
};

/**
 * The panel's line saying which one answered (docs/product.md#ai-suggestion-widget): a model, the
 * built-in generator, or the built-in generator because the model failed or was too slow.
 */
export function sourceText({ provider, fallbackFrom }: Pick<TaskSuggestionsResponse, "provider" | "fallbackFrom">) {
  if (provider !== "local") return `Suggested by ${MODELS[provider].by}.`;
  if (fallbackFrom) {
    return `${MODELS[fallbackFrom].subject} did not answer, so these come from our server's built-in generator (no AI model).`;
  }
  return "Suggestions are generated on our server without an AI model.";
}
