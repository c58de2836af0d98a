import type { ProgressToast, ToastMessage } from "./toast-queue";

type Queue = typeof import("./toast-renderer")["queue"];

// The queue loads with the first toast, like sonner itself (web/ui/sonner-loader.ts): no screen
// shows one before something happens. Calls wait in order for it, so none is lost or reordered.
let loading: Promise<Queue> | null = null;
function withQueue(use: (queue: Queue) => void) {
  loading ??= import("./toast-renderer").then((m) => m.queue);
  void loading.then(use);
}

/** Every failure toast uses the destructive style (spec §8). */
export function showError(title: string, description?: string) {
  withQueue((queue) => queue.push({ kind: "error", title, description }));
}

export function showSuccess(title: string, description?: string) {
  withQueue((queue) => queue.push({ kind: "success", title, description }));
}

export function showInfo(title: string, description?: string) {
  withQueue((queue) => queue.push({ kind: "info", title, description }));
}

/** A toast that stays while work runs (e.g. "Clearing tasks..."), then becomes its outcome in place. */
export function showProgress(title: string, description?: string): ProgressToast {
  let shown: ProgressToast | null = null;
  withQueue((queue) => {
    shown = queue.progress(title, description);
  });
  // Queued after the call above, so `shown` is set by the time this runs.
  return { finish: (outcome: ToastMessage) => withQueue(() => shown?.finish(outcome)) };
}
