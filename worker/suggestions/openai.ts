import { z } from "zod";
import {
  chatMessages,
  logUsage,
  MODEL_SETTINGS,
  OUTPUT_JSON_SCHEMA,
  ProviderError,
  parseProviderOutput,
  type SuggestionProvider,
} from "./provider";

export const OPENAI_DEFAULTS = { baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini" } as const;

export type OpenAiConfig = { baseUrl?: string; apiKey?: string; model?: string };

const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
      }),
    )
    .min(1),
  usage: z.unknown().optional(),
});

/**
 * Any OpenAI-compatible chat-completions endpoint (AI_PROVIDER=openai): OpenAI itself, a gateway,
 * or a self-hosted server. Structured output is requested with a strict JSON schema; a server that
 * refuses it with a 400 is asked once more without it.
 */
export function openAiProvider(config: OpenAiConfig): SuggestionProvider {
  const baseUrl = (config.baseUrl || OPENAI_DEFAULTS.baseUrl).replace(/\/+$/, "");
  const model = config.model || OPENAI_DEFAULTS.model;
  return {
    name: "openai",
    async suggest(request, signal) {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      // Self-hosted servers often need no key.
      if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
      const chat = {
        model,
        messages: chatMessages(request),
        temperature: MODEL_SETTINGS.temperature,
        max_tokens: MODEL_SETTINGS.maxTokens,
      };
      const ask = (structured: boolean) =>
        fetch(`${baseUrl}/chat/completions`, {
          method: "POST",
          headers,
          signal,
          body: JSON.stringify(
            structured
              ? {
                  ...chat,
                  response_format: {
                    type: "json_schema",
                    json_schema: { name: "task_suggestions", strict: true, schema: OUTPUT_JSON_SCHEMA },
                  },
                }
              : chat,
          ),
        });
      let res = await ask(true);
      // A server that does not take structured output refuses the request (400): asked once more
      // without it, its text is read in whatever shape it comes (docs/decisions/232-every-answer-shape-read.md).
      if (res.status === 400) {
        await res.body?.cancel();
        res = await ask(false);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new ProviderError(`openai: HTTP ${res.status}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        if (signal.aborted) throw signal.reason;
        throw new ProviderError("openai: the response body is not JSON");
      }
      const completion = chatCompletionSchema.safeParse(body);
      if (!completion.success) throw new ProviderError("openai: not a chat completion", "unusable");
      logUsage("openai", completion.data.usage);
      const message = completion.data.choices[0]?.message;
      if (message?.refusal) throw new ProviderError("openai: the model refused", "unusable");
      if (!message?.content) throw new ProviderError("openai: the completion has no content", "unusable");
      return parseProviderOutput(message.content, "openai");
    },
  };
}
