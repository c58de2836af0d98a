import { fitsLength } from "../../shared/text-length";

/**
 * A task's title as a toast names it (docs/decisions/245-toasts-name-their-task.md): in the toast's
 * title, so it is the first thing read, and cut short at a word so it stays
 * one or two lines on a 360 px screen.
 */
export const TOAST_NAME_MAX = 28;

/** The title whole when it fits, else its first words within `max` characters and "…". */
export function shortTaskName(title: string, max = TOAST_NAME_MAX): string {
  const whole = title.trim().replace(/\s+/g, " ");
  if (fitsLength(whole, max)) return whole;
  // Characters as every length counts them (docs/decisions/322-a-length-is-counted-in-code-points.md):
  // never half an emoji.
  const characters = Array.from(whole);
  const cut = characters.slice(0, max - 1);
  // The cut ends at a word when the next character is a space.
  const lastSpace = characters[max - 1] === " " ? cut.length : cut.lastIndexOf(" ");
  // A word cut in two reads worse than a shorter name; one very long word is cut anyway.
  const words = lastSpace >= max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.join("").replace(/[\s,.;:–-]+$/, "")}…`;
}

/** A toast's title that names its task: `Task done: "Finish the Q3 budget…"`. */
export function aboutTask(what: string, title: string): string {
  return `${what}: "${shortTaskName(title)}"`;
}
