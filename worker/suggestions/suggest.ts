import { hasRemovedMarker, LIMITS } from "../../shared/constants";
import {
  type FallbackReason,
  MODEL_STEPS,
  type ModelProvider,
  type TaskSuggestionsResponse,
} from "../../shared/schemas/suggestions";
import { hasVisibleCharacter } from "../../shared/visible-text";
import { generateLocalAnswer } from "./local-generator";
import { keepSteps } from "./model-answer";
import { ProviderError, ProviderTimeout, type SuggestionProvider, type SuggestionRequest } from "./provider";
import { capTitle, titleKey } from "./titles";

/** How long a model may take before the embedded generator answers instead (AI_TIMEOUT_MS overrides it). */
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
function embeddedAnswer(
  request: SuggestionRequest,
  excluded: readonly string[],
  fallback: { from: ModelProvider; reason: FallbackReason } | null,
): TaskSuggestionsResponse {
  const answer = generateLocalAnswer(request.prompt);
  const suggestions = cleanSuggestions(answer.suggestions, excluded);
  // A list whose every task the person already has is nothing to add.
  const kind = suggestions.length === 0 ? "none" : answer.kind;
  return {
    suggestions,
    provider: "local",
    kind,
    fallbackFrom: fallback?.from ?? null,
    fallbackReason: fallback?.reason ?? null,
    toppedUp: false,
  };
}

/**
 * The suggestions for a request (docs/decisions/196-model-answers-checked-by-shape.md): from the
 * chosen provider, its lines checked by shape, 3 to 6 of them. With one or two usable lines they
 * are topped up from the embedded generator when it has steps for the prompt, else the model is
 * asked once more; none, still fewer than three, a failure or a timeout, and the embedded generator answers
 * instead, which the answer names with why (docs/decisions/156-suggestion-provider-chosen-by-what-is-there.md).
 * `excluded` are the titles the person already has or said no to. What is logged never holds the
 * prompt or a model's text.
 */
export async function suggestTasks(
  provider: SuggestionProvider,
  request: SuggestionRequest,
  excluded: readonly string[],
  timeoutMs: number,
): Promise<TaskSuggestionsResponse> {
  if (provider.name === "local") return embeddedAnswer(request, excluded, null);
  const name = provider.name;
  try {
    const usable = async () => keepSteps(await runProvider(provider, request, timeoutMs), request.prompt);
    let steps = cleanSuggestions(await usable(), excluded);
    let toppedUp = false;
    // Nothing usable at all: the answer is not the model's, whatever a top-up would add.
    if (steps.length === 0) throw new ProviderError(`${name}: no usable step`, "unusable");
    if (steps.length < MODEL_STEPS.min) {
      const local = generateLocalAnswer(request.prompt);
      if (local.kind === "suggestions") {
        const before = steps.length;
        steps = cleanSuggestions([...steps, ...local.suggestions], excluded);
        toppedUp = steps.length > before;
      } else {
        steps = cleanSuggestions([...steps, ...(await usable())], excluded);
      }
    }
    if (steps.length < MODEL_STEPS.min) {
      throw new ProviderError(`${name}: ${steps.length} usable step(s)`, "unusable");
    }
    return {
      suggestions: steps.slice(0, MODEL_STEPS.max),
      provider: name,
      kind: "suggestions",
      fallbackFrom: null,
      fallbackReason: null,
      toppedUp,
    };
  } catch (err) {
    const why = err instanceof ProviderTimeout ? `${name} timed out` : err instanceof ProviderError ? err.detail : name;
    const reason = err instanceof ProviderError ? err.reason : "failed";
    console.warn(`suggestions: ${why}; the embedded generator answered`);
    return embeddedAnswer(request, excluded, { from: name, reason });
  }
}
