import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { LIMITS } from "../constants";
import { fitsLength } from "../text-length";
import { wordsAsText } from "../words";

const promptMax = LIMITS.promptMax;
const suggestionMax = LIMITS.suggestionMax;

/** Where suggestions come from (docs/decisions/156-suggestion-provider-chosen-by-what-is-there.md); "local" needs no model and no network. */
export const AI_PROVIDERS = ["local", "workers-ai", "openai"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** POST /api/ai/task-suggestions (docs/product.md#ai-suggestion-widget). */
export const taskSuggestionsRequestSchema = z.object({
  prompt: z
    .string({ error: wordsAsText(msg`The prompt must be text.`) })
    .trim()
    .min(1, wordsAsText(msg`Please enter a prompt.`))
    .refine(
      (prompt) => fitsLength(prompt, LIMITS.promptMax),
      wordsAsText(msg`The prompt can be at most ${promptMax} characters.`),
    ),
  /**
   * Whether the model is told the person's open task titles and today's No list (the panel's
   * setting, docs/product.md#ai-suggestion-widget). Omitted: yes.
   */
  useTasks: z.boolean({ error: "useTasks must be true or false." }).default(true),
});
export type TaskSuggestionsRequest = z.input<typeof taskSuggestionsRequestSchema>;

/**
 * What the answer is (docs/decisions/200-embedded-generator-honest.md): next steps; the person's
 * own tasks, read from a prompt that is already a list of them, offered to add; or nothing
 * specific to say ("No suggestions found"), with no list.
 */
export const SUGGESTION_KINDS = ["suggestions", "tasks", "none"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/**
 * Why an answer has nothing (docs/decisions/231-never-filler.md): the embedded generator reads
 * only English (`language`), or knows no steps for what the prompt is about (`unknown`).
 */
export const NONE_REASONS = ["language", "unknown"] as const;
export type NoneReason = (typeof NONE_REASONS)[number];

/**
 * How a model failed (docs/decisions/231-never-filler.md): an error or a dropped connection
 * (`failed`), no answer before the deadline (`timeout`), or an answer with no usable line
 * (`unusable`). The answer then has no lines: nothing stands in for the model's.
 */
export const MODEL_FAILURES = ["failed", "timeout", "unusable"] as const;
export type ModelFailure = (typeof MODEL_FAILURES)[number];

export const suggestionTitleSchema = z
  .string()
  .min(1)
  .refine(
    (title) => fitsLength(title, LIMITS.suggestionMax),
    wordsAsText(msg`A suggestion is at most ${suggestionMax} characters.`),
  );

/**
 * The answer: the {suggestions} in docs/product.md#ai-suggestion-widget, plus which provider made
 * them, what they are, and, when there are none, why: the embedded generator's reason, or how the
 * model failed (the panel offers to try again). Fewer than three lines are shown as they are.
 */
export const taskSuggestionsResponseSchema = z.object({
  suggestions: z.array(suggestionTitleSchema).max(LIMITS.suggestionsMax),
  provider: z.enum(AI_PROVIDERS),
  kind: z.enum(SUGGESTION_KINDS).default("suggestions"),
  // Both default to null so an answer from a server older than the fields still parses.
  noneReason: z.enum(NONE_REASONS).nullable().default(null),
  failure: z.enum(MODEL_FAILURES).nullable().default(null),
});
export type TaskSuggestionsResponse = z.infer<typeof taskSuggestionsResponseSchema>;

/** What a model is asked for (docs/decisions/196-model-answers-checked-by-shape.md): 3 to 6 steps, each a short line. */
export const MODEL_STEPS = { min: 3, max: 6, maxChars: 80 } as const;

/**
 * What a model is asked to answer, as the JSON schema of structured output: 3 to 6 steps, each at
 * most MODEL_STEPS.maxChars characters. Only ever sent as a JSON Schema, whose `maxLength` counts
 * code points as shared/text-length.ts does; the lines that come back are measured there.
 */
export const providerOutputSchema = z.object({
  suggestions: z.array(z.string().min(1).max(MODEL_STEPS.maxChars)).min(MODEL_STEPS.min).max(MODEL_STEPS.max),
});
