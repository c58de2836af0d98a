import { hasRemovedMarker, LIMITS } from "../../shared/constants";
import { MODEL_STEPS, type ModelFailure, type TaskSuggestionsResponse } from "../../shared/schemas/suggestions";
import { hasVisibleCharacter } from "../../shared/visible-text";
import { generateLocalAnswer } from "./local-generator";
import { keepSteps } from "./model-answer";
import { ProviderError, ProviderTimeout, type SuggestionProvider, type SuggestionRequest } from "./provider";
import { capTitle, titleKey } from "./titles";

/** How long a model may take before the answer says it did not answer in time (AI_TIMEOUT_MS overrides it). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export function timeoutFrom(value: string | undefined): number {
  const ms = Number(value);
  return Number.isInteger(ms) && ms > 0 && ms <= 60_000 ? ms : DEFAULT_TIMEOUT_MS;
}

/**
 * Trims and caps every title, drops blanks, titles that show nothing, hidden-marker titles,
 * repeats (case-insensitive) and titles the person already has (or said no to), and keeps at most
 * LIMITS.suggestionsMax.
 */
export function cleanSuggestions(raw: readonly string[], existingTitles: readonly string[]): string[] {
  const seen = new Set(existingTitles.map(titleKey));
  const out: string[] = [];
  for (const item of raw) {
    // Models like to number or bullet their lines even when asked not to.
    const title = capTitle(item.replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, "").replace(/^["']|["']$/g, ""));
    const key = titleKey(title);
    if (!key || !hasVisibleCharacter(title) || hasRemovedMarker(title) || seen.has(key)) continue;
    seen.add(key);
    out.push(title);
    if (out.length === LIMITS.suggestionsMax) break;
  }
  return out;
}

/**
 * Runs the provider under a deadline: past it the provider's work is aborted and the caller gets
 * ProviderTimeout even if the provider ignores the signal. Any other failure is a ProviderError.
 */
export async function runProvider(
  provider: SuggestionProvider,
  request: SuggestionRequest,
  timeoutMs: number,
): Promise<string[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timeout = new ProviderTimeout();
      controller.abort(timeout);
      reject(timeout);
    }, timeoutMs);
  });
  try {
    return await Promise.race([provider.suggest(request, controller.signal), deadline]);
  } catch (err) {
    if (err instanceof ProviderTimeout || controller.signal.aborted) throw new ProviderTimeout();
    if (err instanceof ProviderError) throw err;
    // e.g. a refused connection; the name is enough to tell what happened.
    throw new ProviderError(`${provider.name}: ${err instanceof Error ? err.name : typeof err}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The embedded generator's answer, never failing: no model, no network. */
function embeddedAnswer(request: SuggestionRequest, excluded: readonly string[]): TaskSuggestionsResponse {
  const answer = generateLocalAnswer(request.prompt);
  const suggestions = cleanSuggestions(answer.suggestions, excluded);
  // A list whose every task the person already has is nothing to add.
  if (suggestions.length === 0) {
    return { suggestions, provider: "local", kind: "none", noneReason: answer.noneReason ?? "unknown", failure: null };
  }
  return { suggestions, provider: "local", kind: answer.kind, noneReason: null, failure: null };
}

/**
 * The suggestions for a request (docs/decisions/231-never-filler.md): from the chosen provider,
 * its lines read in whatever shape they came and checked one by one
 * (docs/decisions/196-model-answers-checked-by-shape.md), at most six. One or two good lines are
 * shown as they are; nothing is added to them. A model that fails, is too slow or gives no usable
 * line gives an answer with no lines that says so, for the person to try again: the embedded
 * generator never stands in for it with lines that would pretend to be the model's.
 * `excluded` are the titles the person already has or said no to. What is logged never holds the
 * prompt or a model's text.
 */
export async function suggestTasks(
  provider: SuggestionProvider,
  request: SuggestionRequest,
  excluded: readonly string[],
  timeoutMs: number,
): Promise<TaskSuggestionsResponse> {
  if (provider.name === "local") return embeddedAnswer(request, excluded);
  const name = provider.name;
  try {
    const lines = await runProvider(provider, request, timeoutMs);
    const steps = cleanSuggestions(keepSteps(lines, request.prompt), excluded).slice(0, MODEL_STEPS.max);
    if (steps.length === 0) throw new ProviderError(`${name}: no usable step`, "unusable");
    return { suggestions: steps, provider: name, kind: "suggestions", noneReason: null, failure: null };
  } catch (err) {
    const failure: ModelFailure =
      err instanceof ProviderTimeout ? "timeout" : err instanceof ProviderError ? err.reason : "failed";
    const why = err instanceof ProviderTimeout ? `${name} timed out` : err instanceof ProviderError ? err.detail : name;
    console.warn(`suggestions: ${why}; the answer says so and shows no lines`);
    return { suggestions: [], provider: name, kind: "none", noneReason: null, failure };
  }
}
