import { hasRemovedMarker, LIMITS } from "../../shared/constants";
import type { ModelProvider, TaskSuggestionsResponse } from "../../shared/schemas/suggestions";
import { hasVisibleCharacter } from "../../shared/visible-text";
import { localProvider } from "./local";
import { keepActions } from "./model-answer";
import {
  ACTION_RULES,
  ProviderError,
  ProviderTimeout,
  type SuggestionProvider,
  type SuggestionRequest,
} from "./provider";
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
async function embeddedAnswer(
  request: SuggestionRequest,
  excluded: readonly string[],
  fallbackFrom: ModelProvider | null,
): Promise<TaskSuggestionsResponse> {
  const raw = await localProvider.suggest(request, new AbortController().signal);
  return { suggestions: cleanSuggestions(raw, excluded), provider: "local", fallbackFrom };
}

/**
 * The suggestions for a request: from the chosen provider, or, when that is a model and it fails,
 * times out, or leaves no usable action, from the embedded generator, which the answer names
 * (docs/decisions/156-suggestion-provider-chosen-by-what-is-there.md). `excluded` are the titles
 * the person already has or said no to. What is logged never holds the prompt or a model's text.
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
    const raw = await runProvider(provider, request, timeoutMs);
    const suggestions = cleanSuggestions(keepActions(raw, request.prompt, name), excluded).slice(0, ACTION_RULES.max);
    if (suggestions.length === 0) throw new ProviderError(`${name}: only tasks the person has or said no to`);
    return { suggestions, provider: name, fallbackFrom: null };
  } catch (err) {
    const why = err instanceof ProviderTimeout ? `${name} timed out` : err instanceof ProviderError ? err.detail : name;
    console.warn(`suggestions: ${why}; the embedded generator answered`);
    return embeddedAnswer(request, excluded, name);
  }
}
