import { startsWithActionVerb } from "./action-verbs";
import { ACTION_RULES, ProviderError } from "./provider";
import { wordsKey } from "./titles";

/** Models like to number or bullet their lines, quote them and end them with a period. */
function unwrap(title: string): string {
  return title
    .replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, "")
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, "")
    .replace(/\s*[.!;:,]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** One action: starts with an imperative verb, fewer than ACTION_RULES.maxWords words, one sentence. */
export function isAction(title: string): boolean {
  const words = title.split(" ");
  return (
    words.length >= 2 &&
    words.length <= ACTION_RULES.maxWords &&
    startsWithActionVerb(title) &&
    !/[?]|[.!;:]\s/.test(title)
  );
}

/**
 * What is kept of a model's answer (docs/decisions/157-model-knows-the-day.md): the actions it was
 * asked for, capitalised; a line that is no action (a sentence, a question, a noun phrase, too
 * long) or only the person's own words back is dropped. The service then drops what the person
 * has or said no to and keeps ACTION_RULES.max. An answer with no action is a failure, so the
 * embedded generator answers instead.
 */
export function keepActions(raw: readonly string[], prompt: string, source: string): string[] {
  const echo = wordsKey(prompt);
  const kept: string[] = [];
  for (const line of raw) {
    const title = unwrap(line);
    if (!isAction(title) || wordsKey(title) === echo) continue;
    kept.push(title.charAt(0).toUpperCase() + title.slice(1));
  }
  if (kept.length === 0) throw new ProviderError(`${source}: no usable action in the answer`);
  return kept;
}
