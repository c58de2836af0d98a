import { MODEL_STEPS } from "../../shared/schemas/suggestions";
import { keepSteps } from "./model-answer";
import {
  chatMessages,
  logUsage,
  MODEL_SETTINGS,
  OUTPUT_JSON_SCHEMA,
  ProviderError,
  parseProviderOutput,
  type SuggestionProvider,
  type SuggestionRequest,
} from "./provider";

/**
 * The models asked, in order (docs/decisions/233-small-model-first.md): Llama 3.1 8B ("fast")
 * first, about a sixth of the cost and quicker; Llama 3.3 70B (FP8, "fast") only when the small
 * one's answer fails its checks (fewer than three usable steps) or it fails. Both are on Workers
 * AI's JSON Mode list.
 */
export const WORKERS_AI_MODELS = {
  small: "@cf/meta/llama-3.1-8b-instruct-fast",
  large: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
} as const;

/** Workers AI's error when the model's output could not be held to the schema. */
const JSON_MODE_FAILED = /JSON Mode couldn't be met|\b5024\b/i;

/**
 * Workers AI through the `AI` binding (chosen when deployed, or AI_PROVIDER=workers-ai). JSON mode
 * (`response_format` with the answer's schema) is asked for; when it "couldn't be met" (code 5024)
 * the same model is asked once more without it, and its text is read in whatever shape it came.
 */
export function workersAiProvider(ai: Ai): SuggestionProvider {
  return {
    name: "workers-ai",
    async suggest(request, signal) {
      let small: string[] = [];
      try {
        small = await ask(ai, WORKERS_AI_MODELS.small, request, signal);
      } catch (err) {
        if (signal.aborted) throw err;
      }
      if (keepSteps(small, request.prompt).length >= MODEL_STEPS.min) return small;
      try {
        const large = await ask(ai, WORKERS_AI_MODELS.large, request, signal);
        // The larger model's answer, unless the small one's kept more.
        return keepSteps(large, request.prompt).length >= keepSteps(small, request.prompt).length ? large : small;
      } catch (err) {
        if (signal.aborted || small.length === 0) throw err;
        return small;
      }
    },
  };
}

/** One model's lines: JSON mode first, plain text when JSON mode could not be met. */
async function ask(ai: Ai, model: string, request: SuggestionRequest, signal: AbortSignal): Promise<string[]> {
  const input = {
    messages: chatMessages(request),
    temperature: MODEL_SETTINGS.temperature,
    max_tokens: MODEL_SETTINGS.maxTokens,
  };
  try {
    return await run(
      ai,
      model,
      { ...input, response_format: { type: "json_schema", json_schema: OUTPUT_JSON_SCHEMA } },
      signal,
    );
  } catch (err) {
    if (signal.aborted || !(err instanceof ProviderError) || !JSON_MODE_FAILED.test(err.detail)) throw err;
    return run(ai, model, input, signal);
  }
}

async function run(ai: Ai, model: string, input: Record<string, unknown>, signal: AbortSignal): Promise<string[]> {
  let result: unknown;
  try {
    // The model names are constants of this file; the binding's types list each model's input.
    result = await ai.run(model as Parameters<Ai["run"]>[0], input as never, { signal });
  } catch (err) {
    if (signal.aborted) throw err;
    // Only the error's name and numeric code are kept: upstream messages may quote the input.
    const message = err instanceof Error ? err.message : "";
    const code = message.match(/\b\d{4}\b/)?.[0] ?? (JSON_MODE_FAILED.test(message) ? "5024" : "");
    const name = err instanceof Error ? err.name : typeof err;
    throw new ProviderError(`workers-ai ${model}: ${name}${code ? ` ${code}` : ""}`);
  }
  // JSON mode answers the object itself in `response`; some models give it as JSON text, or prose.
  const answer =
    typeof result === "object" && result !== null ? (result as { response?: unknown; usage?: unknown }) : null;
  logUsage(`workers-ai ${model}`, answer?.usage);
  return parseProviderOutput(answer ? answer.response : result, "workers-ai");
}
