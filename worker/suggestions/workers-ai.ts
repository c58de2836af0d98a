import {
  chatMessages,
  logUsage,
  MODEL_SETTINGS,
  OUTPUT_JSON_SCHEMA,
  ProviderError,
  parseProviderOutput,
  type SuggestionProvider,
} from "./provider";

/**
 * Llama 3.3 70B (FP8, "fast"): on Workers AI's JSON Mode list, and the best of that list at short,
 * concrete, instruction-following answers within the deadline
 * (docs/decisions/158-workers-ai-model-for-suggestions.md).
 */
export const WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/**
 * Workers AI through the `AI` binding (chosen when deployed, or AI_PROVIDER=workers-ai). JSON mode
 * constrains the model to the schema; when it cannot, the binding throws ("JSON Mode couldn't be
 * met", code 5024), which is a provider failure like any other.
 */
export function workersAiProvider(ai: Ai): SuggestionProvider {
  return {
    name: "workers-ai",
    async suggest(request, signal) {
      let result: unknown;
      try {
        result = await ai.run(
          WORKERS_AI_MODEL,
          {
            messages: chatMessages(request),
            response_format: { type: "json_schema", json_schema: OUTPUT_JSON_SCHEMA },
            temperature: MODEL_SETTINGS.temperature,
            max_tokens: MODEL_SETTINGS.maxTokens,
          },
          { signal },
        );
      } catch (err) {
        if (signal.aborted) throw err;
        // Only the error's name and numeric code are kept: upstream messages may quote the input.
        const code = err instanceof Error ? (err.message.match(/\b\d{4}\b/)?.[0] ?? "") : "";
        const name = err instanceof Error ? err.name : typeof err;
        throw new ProviderError(`workers-ai: ${name}${code ? ` ${code}` : ""}`);
      }
      // JSON mode answers the object itself in `response`; some models give it as JSON text.
      const answer =
        typeof result === "object" && result !== null ? (result as { response?: unknown; usage?: unknown }) : null;
      logUsage("workers-ai", answer?.usage);
      const response = answer ? answer.response : result;
      return parseProviderOutput(response, "workers-ai");
    },
  };
}
