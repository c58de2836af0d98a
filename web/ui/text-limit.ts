import { characterCount, firstCharacters, fitsLength } from "../../shared/text-length";

/**
 * What a text input holds after a change, kept to `max` characters as every length counts them
 * (docs/decisions/322-a-length-is-counted-in-code-points.md), in place of `maxLength`, which counts
 * an emoji twice: a change that fits is taken; once the text is full, a keystroke adds nothing;
 * a paste past the limit is cut to it, whole characters only.
 */
export function keptWithin(next: string, previous: string, max: number): string {
  if (fitsLength(next, max)) return next;
  return characterCount(previous) >= max ? previous : firstCharacters(next, max);
}
