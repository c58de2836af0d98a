/**
 * Quick capture from anywhere (docs/product.md#quick-capture): the installed app is a share target
 * whose manifest sends what another app shared to /braindump as `title`, `text` and `url`, and its
 * "Add tasks" shortcut opens /braindump?add. Whether the address asks for it is known at the first
 * render; what was shared is read by ./shared-text.ts, loaded only then.
 */

/** The shortcut's parameter: open the braindump ready to type. */
const ADD_TASKS_PARAM = "add";
const SHARED_PARAMS = ["title", "text", "url"] as const;

/** Whether the address carries a share or the shortcut's parameter (they are removed once read). */
export function asksForCapture(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has(ADD_TASKS_PARAM) || SHARED_PARAMS.some((name) => params.has(name));
}
