// How long a text is, for every limit stated in characters (docs/decisions/322-a-length-is-counted-in-code-points.md):
// titles, notes, reasons, prompts, names, passwords, a braindump. One count for the web forms, the
// schemas and the server's own checks, so a text that fits on the screen fits on the server.

/**
 * The characters of a text as Unicode counts them, its code points: "a", "é", "😀" and "中" are
 * one each, a letter with a separate accent mark ("e" + U+0301) two. A string's `length` counts
 * UTF-16 units instead, two for an emoji.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    // A high surrogate and the low one after it are one code point; a lone one counts alone.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

/** Whether a text has at most `max` characters. */
export function fitsLength(text: string, max: number): boolean {
  // A code point is one or two UTF-16 units: past twice `max` units it cannot fit, within `max` it must.
  if (text.length <= max) return true;
  if (text.length > max * 2) return false;
  return characterCount(text) <= max;
}

/** The first `max` characters of a text, never half an emoji. */
export function firstCharacters(text: string, max: number): string {
  if (fitsLength(text, max)) return text;
  return Array.from(text).slice(0, max).join("");
}
