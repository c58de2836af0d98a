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
});
export type TaskSuggestionsRequest = z.input<typeof taskSuggestionsRequestSchema>;

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
});
export type TaskSuggestionsResponse = z.infer<typeof taskSuggestionsResponseSchema>;

/**
 * What a model must answer, checked before anything is shown. Lenient on count and length (the
 * server trims, dedupes and caps), strict on shape: anything else is a provider failure.
 */
export const providerOutputSchema = z.object({ suggestions: z.array(z.string()) });
