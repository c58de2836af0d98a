import { t } from "@lingui/core/macro";
import type { TaskSuggestionsResponse } from "../../../shared/schemas/suggestions";

export type SuggestionSource = Pick<TaskSuggestionsResponse, "provider" | "kind" | "noneReason" | "failure">;

/** A product's name, the same in every language. */
const WORKERS_AI = "Workers AI"; // words-ok: a product's name

/**
 * The panel's line saying which one answered (docs/product.md#ai-suggestion-widget): a model, or
 * the built-in generator, which runs on our server without an AI model.
 */
export function sourceText({ provider }: SuggestionSource) {
  const model = WORKERS_AI;
  if (provider === "workers-ai") return t`Suggested by ${model}.`;
  if (provider === "openai") return t`Suggested by an AI model (OpenAI-compatible API).`;
  return t`Suggestions are generated on our server without an AI model.`;
}

/** How a model failed, one sentence for each model and way (word order is the language's). */
function failureSentence(provider: "workers-ai" | "openai", failure: SuggestionSource["failure"]): string {
  const model = WORKERS_AI;
  if (provider === "workers-ai") {
    if (failure === "timeout") return t`${model} did not answer in time.`;
    if (failure === "unusable") return t`${model}'s answer had no steps we could show.`;
    return t`${model} did not answer.`;
  }
  if (failure === "timeout") return t`The AI model did not answer in time.`;
  if (failure === "unusable") return t`The AI model's answer had no steps we could show.`;
  return t`The AI model did not answer.`;
}

/**
 * What an answer with no lines says (docs/decisions/231-never-filler.md): how the model failed,
 * with nothing made up in its place, for the person to try again; or why the built-in generator
 * has nothing (it reads only English, or knows no steps for this), and what the person can do.
 */
export function emptyText({ provider, noneReason, failure }: SuggestionSource): { title: string; body: string } {
  if (provider !== "local") {
    const what = failureSentence(provider, failure);
    return { title: t`Failed to get suggestions`, body: `${what} ${t`Nothing was made up in its place: try again.`}` };
  }
  return noneReason === "language"
    ? {
        title: t`No suggestions found`,
        body: t`Our built-in generator (no AI model is connected here) reads only English. Write your goal in English, or list your tasks one per line.`,
      }
    : {
        title: t`No suggestions found`,
        body: t`Our built-in generator (no AI model is connected here) knows steps only for common goals, and none for this. Name one goal in a sentence, like “prepare for Friday's interview”, or list your tasks one per line.`,
      };
}
