// Whether a text shows anything (docs/decisions/126-visible-titles.md): task titles, "No"-list items
// and added suggestions need at least one visible character, checked alike by the web forms and the
// server.

/**
 * Characters that show nothing on their own: white space, control and format characters (zero-width
 * space and joiners, soft hyphen, word joiner, byte-order mark, direction marks), the other
 * default-ignorable code points (variation selectors, Hangul fillers, tags) and the blank Braille
 * pattern.
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, "").length > 0;
}

export const NO_VISIBLE_CHARACTER = "A title needs at least one visible character.";
