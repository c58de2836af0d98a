import { toast } from "./sonner-loader";
import { type ProgressToast, ToastQueue } from "./toast-queue";

const queue = new ToastQueue({
  show: (id, { kind, title, description }, closed) => {
    const options = { id, description, onDismiss: closed, onAutoClose: closed };
    if (kind === "error") toast.error(title, { ...options, className: "toast-destructive" });
    else if (kind === "success") toast.success(title, options);
    else if (kind === "progress") toast.loading(title, options);
    else toast(title, options);
  },
});

/** Every failure toast uses the destructive style (spec §8). */
export function showError(title: string, description?: string) {
  queue.push({ kind: "error", title, description });
}

export function showSuccess(title: string, description?: string) {
  queue.push({ kind: "success", title, description });
}

export function showInfo(title: string, description?: string) {
  queue.push({ kind: "info", title, description });
}

/** A toast that stays while work runs (e.g. "Clearing tasks..."), then becomes its outcome in place. */
export function showProgress(title: string, description?: string): ProgressToast {
  return queue.progress(title, description);
}
