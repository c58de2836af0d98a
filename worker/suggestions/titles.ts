import { LIMITS } from "../../shared/constants";
import { firstCharacters, fitsLength } from "../../shared/text-length";

/** Case-, spacing- and end-punctuation-insensitive identity of a title, for dedupe. */
export function titleKey(title: string): string {
  return title
    .normalize("NFKC")
    .replace(/\s+/g, " ")
    .replace(/[.!?]+$/, "")
    .trim()
    .toLocaleLowerCase();
}

/** A title or prompt as its words only, to tell an echo: "Call mom!" is "call mom" back. */
export function wordsKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** At most LIMITS.suggestionMax characters, cut at a word boundary. */
export function capTitle(title: string): string {
  const clean = title.replace(/\s+/g, " ").trim();
  if (fitsLength(clean, LIMITS.suggestionMax)) return clean;
  const cut = firstCharacters(clean, LIMITS.suggestionMax - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > LIMITS.suggestionMax / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
