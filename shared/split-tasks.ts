// Turning free text into task titles (docs/product.md#input-step). Used by the braindump screen before it sends and by
// POST /api/process-tasks, so both sides agree on what counts as a task and as a duplicate.

import { LIMITS } from "./constants";
import { parseEstimate } from "./estimate";
import { fitsLength } from "./text-length";
import { hasVisibleCharacter } from "./visible-text";

/**
 * Splits on semicolons or newlines, trims each item and drops the ones that show nothing (empty, or
 * only invisible characters: docs/decisions/126-visible-titles.md). Blank input gives [].
 */
export function splitTasks(text: string): string[] {
  return text
    .split(/[;\r\n]/)
    .map((item) => item.trim())
    .filter(hasVisibleCharacter);
}

/**
 * The first line whose title is longer than a title may be, or -1: measured as every length is
 * (docs/decisions/322-a-length-is-counted-in-code-points.md), once the estimate at its end is taken
 * off (docs/decisions/290-estimates-written-at-the-end-of-a-line.md), since that is the title made.
 */
export function firstTooLongTitle(lines: readonly string[]): number {
  return lines.findIndex((line) => !fitsLength(parseEstimate(line).title, LIMITS.titleMax));
}

/** The comparison key of a title: duplicates are found case-insensitively (docs/product.md#input-step). */
export function titleKey(title: string): string {
  return title.trim().toLowerCase();
}

/** Keeps the first of each case-insensitive duplicate, in input order. */
export function dedupeTitles(titles: readonly string[]): { unique: string[]; removed: number } {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const title of titles) {
    const key = titleKey(title);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(title);
  }
  return { unique, removed: titles.length - unique.length };
}

/** Drops the titles that match an existing title, case-insensitively. */
export function withoutExisting(
  titles: readonly string[],
  existing: Iterable<string>,
): { fresh: string[]; dropped: number } {
  const known = new Set<string>();
  for (const title of existing) known.add(titleKey(title));
  const fresh = titles.filter((title) => !known.has(titleKey(title)));
  return { fresh, dropped: titles.length - fresh.length };
}
