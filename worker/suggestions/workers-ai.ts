import {
  chatMessages,
  OUTPUT_JSON_SCHEMA,
  ProviderError,
  parseProviderOutput,
  type SuggestionProvider,
} from "./provider";

/** A text-generation model that supports JSON mode on Workers AI. */
export const WORKERS_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";

/**
 * Workers AI through the `AI` binding (AI_PROVIDER=workers-ai). JSON mode constrains the model to
 * the schema; when it cannot, the binding throws ("JSON Mode couldn't be met", code 5024), which
 * is a provider failure like any other.
 */
export function workersAiProvider(ai: Ai): SuggestionProvider {
  return {
    name: "workers-ai",
    async suggest(prompt, signal) {
      let result: Record<string, unknown>;
      try {
        result = await ai.run(
          WORKERS_AI_MODEL,
          {
            messages: chatMessages(prompt),
            response_format: { type: "json_schema", json_schema: OUTPUT_JSON_SCHEMA },
            max_tokens: 600,
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
      return parseProviderOutput(result?.response, "workers-ai");
    },
  };
}
