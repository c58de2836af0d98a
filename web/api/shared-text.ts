/**
 * Quick capture from anywhere (docs/product.md#quick-capture): what another app shared to
 * /braindump as `title`, `text` and `url`. Loaded only when the address holds a share (or on the
 * sign-in screen): whether it does is ./capture-address.ts, in the first screen.
 */

/** A part of a share that becomes a line only if the person says so: its title or its link. */
export type SharedOffer = { kind: "title" | "link"; line: string };

/**
 * What was shared: its text for the box (null when none), and its title and link as offers. A
 * share's title names the note or page ("Weekend list"), not a task, and its link is where it came
 * from, so neither goes into the box unasked (docs/decisions/241-shared-title-and-link-offered.md).
 * A link the text already holds is not offered; blank parts are left out.
 */
export function sharedPartsOf(search: string): { text: string | null; offers: SharedOffer[] } {
  const params = new URLSearchParams(search);
  const text = params.get("text")?.trim() ?? "";
  const title = params.get("title")?.trim() ?? "";
  const url = params.get("url")?.trim() ?? "";
  const offers: SharedOffer[] = [];
  if (title) offers.push({ kind: "title", line: title });
  if (url && !text.includes(url)) offers.push({ kind: "link", line: url });
  return { text: text === "" ? null : text, offers };
}

/** Whether the address carries a share with something in it (not only the shortcut). */
export function holdsShare(search: string): boolean {
  const { text, offers } = sharedPartsOf(search);
  return text !== null || offers.length > 0;
}

/** The braindump's text with the shared text added below it, on a line of its own. */
export function withSharedText(current: string, shared: string): string {
  return current.trim() === "" ? shared : `${current.replace(/\s+$/, "")}\n${shared}`;
}
