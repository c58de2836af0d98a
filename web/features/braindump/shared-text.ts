/**
 * Quick capture from anywhere (docs/product.md#quick-capture): the installed app is a share target
 * whose manifest sends what another app shared to /braindump as `title`, `text` and `url`, and its
 * "Add tasks" shortcut opens /braindump?add. These read the parameters.
 */

/** The shortcut's parameter: open the braindump ready to type. */
export const ADD_TASKS_PARAM = "add";
const SHARED_PARAMS = ["title", "text", "url"] as const;

/**
 * What was shared, one braindump line per part (title, text, link), or null when nothing was. A
 * link the text already holds is not added again; blank parts are left out.
 */
export function sharedTextOf(search: string): string | null {
  const params = new URLSearchParams(search);
  const text = params.get("text")?.trim() ?? "";
  const parts = [params.get("title")?.trim() ?? "", text];
  const url = params.get("url")?.trim() ?? "";
  if (url && !text.includes(url)) parts.push(url);
  const shared = parts.filter((part) => part !== "").join("\n");
  return shared === "" ? null : shared;
}

/** Whether the address carries a share or the shortcut's parameter (they are removed once read). */
export function asksForCapture(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has(ADD_TASKS_PARAM) || SHARED_PARAMS.some((name) => params.has(name));
}

/** The braindump's text with the shared text added on a line of its own. */
export function withSharedText(current: string, shared: string): string {
  return current.trim() === "" ? shared : `${current.replace(/\s+$/, "")}\n${shared}`;
}
