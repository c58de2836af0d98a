import { z } from "zod";
import { LIMITS } from "../constants";

/** Where suggestions come from (docs/decisions/156-suggestion-provider-chosen-by-what-is-there.md); "local" needs no model and no network. */
export const AI_PROVIDERS = ["local", "workers-ai", "openai"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
/** The providers that run a model, and so can fail over to the embedded generator. */
export const MODEL_PROVIDERS = ["workers-ai", "openai"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** POST /api/ai/task-suggestions (docs/product.md#ai-suggestion-widget). */
export const taskSuggestionsRequestSchema = z.object({
  prompt: z
    .string({ error: "The prompt must be text." })
    .trim()
    .min(1, "Please enter a prompt.")
    .max(LIMITS.promptMax, `The prompt can be at most ${LIMITS.promptMax} characters.`),
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

/** Why the embedded generator answered instead of a model: it failed or was too slow, or its lines could not be used. */
export const FALLBACK_REASONS = ["failed", "unusable"] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

export const suggestionTitleSchema = z.string().min(1).max(LIMITS.suggestionMax);

/**
 * The answer: the {suggestions} in docs/product.md#ai-suggestion-widget, plus which provider made
 * them and, when a model failed or was too slow and the embedded generator answered instead, which
 * model that was (null otherwise). The panel names both.
 */
export const taskSuggestionsResponseSchema = z.object({
  suggestions: z.array(suggestionTitleSchema).max(LIMITS.suggestionsMax),
  provider: z.enum(AI_PROVIDERS),
  // Defaults to null so an answer from a server older than the field still parses.
  fallbackFrom: z.enum(MODEL_PROVIDERS).nullable().default(null),
  fallbackReason: z.enum(FALLBACK_REASONS).nullable().default(null),
  kind: z.enum(SUGGESTION_KINDS).default("suggestions"),
  /** A model's answer with fewer than three usable steps, topped up by the embedded generator. */
  toppedUp: z.boolean().default(false),
});
export type TaskSuggestionsResponse = z.infer<typeof taskSuggestionsResponseSchema>;

/** What a model is asked for (docs/decisions/196-model-answers-checked-by-shape.md): 3 to 6 steps, each a short line. */
export const MODEL_STEPS = { min: 3, max: 6, maxChars: 80 } as const;

/**
 * What a model is asked to answer, as the JSON schema of structured output: 3 to 6 steps, each at
 * most MODEL_STEPS.maxChars characters.
 */
export const providerOutputSchema = z.object({
  suggestions: z.array(z.string().min(1).max(MODEL_STEPS.maxChars)).min(MODEL_STEPS.min).max(MODEL_STEPS.max),
});

/**
 * What is accepted of an answer before its lines are checked one by one: the shape, lenient on
 * count and length (a model that gives two lines or a long one still gives what it can; the
 * service tops up and caps); anything else is a provider failure.
 */
export const providerAnswerSchema = z.object({ suggestions: z.array(z.string()).max(20) });
