import { hasRemovedMarker, LIMITS } from "../../shared/constants";
import { hasVisibleCharacter } from "../../shared/visible-text";
import { capTitle } from "./local-generator";
import { ProviderError, ProviderTimeout, type SuggestionProvider } from "./provider";

/** How long a provider may take before the person gets a 504 (AI_TIMEOUT_MS overrides it). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export function timeoutFrom(value: string | undefined): number {
  const ms = Number(value);
  return Number.isInteger(ms) && ms > 0 && ms <= 60_000 ? ms : DEFAULT_TIMEOUT_MS;
}

/** Case- and spacing-insensitive identity of a title, for dedupe. */
export function titleKey(title: string): string {
  return title
    .normalize("NFKC")
    .replace(/\s+/g, " ")
    .replace(/[.!]+$/, "")
    .trim()
    .toLocaleLowerCase();
}

/**
 * Trims and caps every title, drops blanks, titles that show nothing, hidden-marker titles,
 * repeats (case-insensitive) and titles the person already has, and keeps at most
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
export async function runProvider(provider: SuggestionProvider, prompt: string, timeoutMs: number): Promise<string[]> {
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
    return await Promise.race([provider.suggest(prompt, controller.signal), deadline]);
  } catch (err) {
    if (err instanceof ProviderTimeout || controller.signal.aborted) throw new ProviderTimeout();
    if (err instanceof ProviderError) throw err;
    // e.g. a refused connection; the name is enough to tell what happened.
    throw new ProviderError(`${provider.name}: ${err instanceof Error ? err.name : typeof err}`);
  } finally {
    clearTimeout(timer);
  }
}
