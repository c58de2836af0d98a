import { z } from "zod";
import { LIMITS } from "../../shared/constants";
import { type AiProvider, providerOutputSchema } from "../../shared/schemas/suggestions";

/** One way of turning a prompt into raw suggestion titles; the service trims, dedupes and caps. */
export type SuggestionProvider = {
  name: AiProvider;
  /** Must give up when `signal` aborts; the service stops waiting at its deadline regardless. */
  suggest(prompt: string, signal: AbortSignal): Promise<string[]>;
};

/**
 * The provider failed or answered something unusable (→ 502). `detail` is for the log and never
 * holds the prompt or a model's text.
 */
export class ProviderError extends Error {
  constructor(readonly detail: string) {
    super("The suggestion provider failed.");
    this.name = "ProviderError";
  }
}

/** The provider did not answer in time (→ 504). */
export class ProviderTimeout extends Error {
  constructor() {
    super("The suggestion provider did not answer in time.");
    this.name = "ProviderTimeout";
  }
}

const SYSTEM_PROMPT = [
  "You help a person plan their day in a task app.",
  "Turn what they write into concrete, actionable tasks they can add to their task list.",
  `Answer with at most ${LIMITS.suggestionsMax} tasks. Each task is a short imperative title`,
  `(at most 80 characters, no numbering, no trailing period), for example "Call the bank".`,
  "For a vague goal, suggest a small first step that can be done today.",
  "Write in the language the person uses. Answer only with JSON that matches the schema.",
].join(" ");

/** The chat every model is sent: the system prompt, then what the person wrote. */
export function chatMessages(prompt: string): { role: "system" | "user"; content: string }[] {
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: prompt },
  ];
}

/**
 * JSON Schema of the answer, for structured output (OpenAI json_schema, Workers AI JSON mode),
 * made from the zod schema the answer is checked with, so the two cannot drift. The `$schema`
 * dialect line is left out: structured output takes a bare schema object.
 */
export const OUTPUT_JSON_SCHEMA = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(providerOutputSchema);
  return schema;
})();

/** Checks a model's answer (an object, or JSON text of one) against the expected shape. */
export function parseProviderOutput(value: unknown, source: string): string[] {
  let data = value;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      throw new ProviderError(`${source}: the answer is not JSON`);
    }
  }
  const parsed = providerOutputSchema.safeParse(data);
  if (!parsed.success) throw new ProviderError(`${source}: the answer does not match the schema`);
  return parsed.data.suggestions;
}
