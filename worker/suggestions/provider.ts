import { z } from "zod";
import { type AiProvider, providerOutputSchema } from "../../shared/schemas/suggestions";

/**
 * What a provider is asked: the person's words and their day, as titles only (the open tasks so
 * nothing they have is suggested again, today's "No" list so nothing they said no to comes back),
 * each list capped by CONTEXT_LIMITS.
 */
export type SuggestionRequest = { prompt: string; openTasks: readonly string[]; noList: readonly string[] };

/** One way of turning a request into raw suggestion titles; the service checks, dedupes and caps. */
export type SuggestionProvider = {
  name: AiProvider;
  /** Must give up when `signal` aborts; the service stops waiting at its deadline regardless. */
  suggest(request: SuggestionRequest, signal: AbortSignal): Promise<string[]>;
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

/** How much of the person's day a model is told: enough to avoid repeats, small enough to stay cheap. */
export const CONTEXT_LIMITS = { openTasks: 30, noList: 15, titleChars: 80 } as const;

/** What a model is asked for, and what ./model-answer.ts keeps of its answer. */
export const ACTION_RULES = { min: 3, max: 6, maxWords: 10 } as const;

const SYSTEM_PROMPT = [
  "You help a person plan their day in a task app.",
  `Suggest ${ACTION_RULES.min} to ${ACTION_RULES.max} concrete next actions for what they write.`,
  `Each action is one short task title of fewer than ${ACTION_RULES.maxWords} words that starts with a verb in`,
  'the imperative, for example "Check passport expiry date" or "Book a 30-minute mock interview".',
  "Each adds a step the person did not write themselves: never repeat their words back.",
  "Fill in their specifics (a place, a date, a name) where it helps. No numbering, no trailing period.",
  "Never suggest a task from their open tasks, nor anything on today's No list (what they decided not to do today).",
  "Write in the language the person uses. Answer only with JSON that matches the schema.",
].join(" ");

/** A list of titles for the model: each cut to CONTEXT_LIMITS.titleChars, at most `max` of them. */
function titleList(label: string, titles: readonly string[], max: number): string {
  const shown = titles
    .slice(0, max)
    .map((title) => title.replace(/\s+/g, " ").trim().slice(0, CONTEXT_LIMITS.titleChars));
  return `${label} (JSON): ${JSON.stringify(shown)}`;
}

/** The chat every model is sent: the rules and the person's day, then what the person wrote. */
export function chatMessages(request: SuggestionRequest): { role: "system" | "user"; content: string }[] {
  const day = [
    titleList("Their open tasks", request.openTasks, CONTEXT_LIMITS.openTasks),
    titleList("Today's No list", request.noList, CONTEXT_LIMITS.noList),
  ].join("\n");
  return [
    { role: "system", content: `${SYSTEM_PROMPT}\n\n${day}` },
    { role: "user", content: request.prompt },
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
