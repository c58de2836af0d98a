// Whether a text shows anything (docs/decisions/126-visible-titles.md): task titles, "No"-list items
// and added suggestions need at least one visible character, checked alike by the web forms and the
// server.
import { msg } from "@lingui/core/macro";
import { wordsAsText } from "./words";

/**
 * Characters that show nothing on their own: white space, control and format characters (zero-width
 * space and joiners, soft hyphen, word joiner, byte-order mark, direction marks), the other
 * default-ignorable code points (variation selectors, Hangul fillers, tags), the noncharacters
 * (U+FFFF, U+10FFFF: nothing to draw; not "unassigned", which differs between Unicode versions), the
 * blank Braille pattern and the musical null notehead (U+1D159, drawn as empty space).
 */
const INVISIBLE =
  /[\p{White_Space}\p{Cc}\p{Cf}\p{Noncharacter_Code_Point}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/gu;

/** A character that is not a combining mark: a mark alone has nothing to sit on. */
const BASE_CHARACTER = /\P{M}/u;

/** At least one character that shows: not invisible, and not a combining mark without a base (docs/decisions/179-small-ones.md). */
export function hasVisibleCharacter(text: string): boolean {
  return BASE_CHARACTER.test(text.replace(INVISIBLE, ""));
}

export const NO_VISIBLE_CHARACTER = wordsAsText(msg`A title needs at least one visible character.`);
