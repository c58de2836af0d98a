import { forgetStep } from "../../api/braindump-step";

// Start Fresh lives in the header, the braindump steps in the page: after a fresh start the page
// drops its local state (text, answers, created tasks) so the screen is clean without a reload.
const listeners = new Set<() => void>();

export function onFreshStart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceFreshStart() {
  // From any screen: the braindump's kept step was of the tasks just deleted
  // (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md).
  forgetStep();
  for (const listener of listeners) listener();
}
