/**
 * Whether the panel sends the person's task titles with their words to tailor the suggestions
 * (docs/decisions/199-panel-says-what-is-sent.md): on unless they turned it off, on this device.
 */
const KEY = "onething.suggestions.shareTasks";

export function readShareTasks(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function writeShareTasks(share: boolean) {
  try {
    if (share) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, "off");
  } catch {
    // No storage: the choice holds until the page is left.
  }
}
