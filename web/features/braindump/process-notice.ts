import { plural, t } from "@lingui/core/macro";

/** What one braindump submit did: how many tasks were added, and the duplicates left out. */
export type ProcessOutcome = {
  added: number;
  /** Repeated within the text itself. */
  repeated: number;
  /** Already in the list (found here, or by the server: added meanwhile on another device). */
  existing: number;
  /** Kept on the device while offline, to be sent later (docs/product.md#offline). */
  kept?: boolean;
};

/**
 * The one notice a braindump submit shows (docs/decisions/152-one-braindump-notice.md): the brief's
 * "Brain dump processed", saying how many were added and naming each kind of duplicate with the
 * brief's own words, instead of three notices in turn of which only the last could be read.
 */
export function processNotice({ added, repeated, existing, kept = false }: ProcessOutcome): {
  title: string;
  description: string;
} {
  // Kept offline: said so in the title; the questions wait for the network.
  const title = kept
    ? plural(added, { one: "# task saved on this device", other: "# tasks saved on this device" })
    : t`Brain dump processed`;
  const next = kept
    ? t`They sync when you're back online; prioritize them then.`
    : t`Now let's identify your priorities.`;
  if (repeated === 0 && existing === 0) return { title, description: next };
  // Each part is a sentence of its own, in the order read.
  const parts = kept ? [next] : [plural(added, { one: "# task added.", other: "# tasks added." })];
  // Kept short: the toast is three or four lines on a phone.
  if (repeated > 0) {
    parts.push(
      plural(repeated, {
        one: "Duplicate tasks removed: # repeated in your input.",
        other: "Duplicate tasks removed: # repeated in your input.",
      }),
    );
  }
  if (existing > 0) {
    parts.push(
      plural(existing, {
        one: "Duplicate tasks detected: # already in your list.",
        other: "Duplicate tasks detected: # already in your list.",
      }),
    );
  }
  return { title, description: parts.join(" ") };
}
