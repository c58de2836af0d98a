import { z } from "zod";
import { LIMITS } from "../constants";

/** Where suggestions come from (env AI_PROVIDER); "local" needs no model and no network. */
export const AI_PROVIDERS = ["local", "workers-ai", "openai"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

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

/** The answer: the {suggestions} in docs/product.md#ai-suggestion-widget, plus which provider made them (the panel says so when local). */
export const taskSuggestionsResponseSchema = z.object({
  suggestions: z.array(suggestionTitleSchema).max(LIMITS.suggestionsMax),
  provider: z.enum(AI_PROVIDERS),
});
export type TaskSuggestionsResponse = z.infer<typeof taskSuggestionsResponseSchema>;

/**
 * What a model must answer, checked before anything is shown. Lenient on count and length (the
 * server trims, dedupes and caps), strict on shape: anything else is a provider failure.
 */
export const providerOutputSchema = z.object({ suggestions: z.array(z.string()) });
