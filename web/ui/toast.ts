import { toast } from "./sonner-loader";

export type ToastKind = "success" | "error" | "info" | "progress";

/** A button on a toast, e.g. Undo. */
export type ToastAction = { label: string; onClick: () => void };

export type ToastMessage = {
  kind: ToastKind;
  title: string;
  description?: string;
  action?: ToastAction;
  /** How long it stays, in ms (the Toaster's 5 s when not given). */
  duration?: number;
  /** About the whole app, not the screen it shows on: it stays when the person changes screen. */
  everyScreen?: boolean;
};

/** A progress toast that is later replaced, in place, by its outcome. */
export type ProgressToast = { finish: (outcome: ToastMessage) => void };

/** The toast on screen (or last shown). One at a time: a new one closes it first (docs/decisions/015-toasts-sonner.md). */
let current: string | null = null;
let nextId = 1;
/** The class of a toast about the whole app: it stays when the screen changes (web/ui/toaster.tsx). */
export const WHOLE_TOAST_CLASS = "toast-whole";

function show(message: ToastMessage, id = `toast-${nextId++}`): string {
  // The answer to what the person just did replaces any earlier notice at once: no queue.
  if (current !== null && current !== id) toast.dismiss(current);
  current = id;
  const { kind, title, description, action, duration, everyScreen } = message;
  const options = { id, description, action, duration, className: everyScreen ? WHOLE_TOAST_CLASS : undefined };
  if (kind === "error")
    toast.error(title, { ...options, className: `toast-destructive ${options.className ?? ""}`.trim() });
  else if (kind === "success") toast.success(title, options);
  else if (kind === "progress") toast.loading(title, options);
  else toast(title, options);
  return id;
}

/** Every failure toast uses the destructive style (docs/product.md#how-a-failure-reads). */
export function showError(title: string, description?: string) {
  show({ kind: "error", title, description });
}

/** `undoable`: a removal's toast, with its Undo button and time (web/api/undo.ts). */
export function showSuccess(title: string, description?: string, undoable?: Pick<ToastMessage, "action" | "duration">) {
  show({ kind: "success", title, description, ...undoable });
}

export function showInfo(title: string, description?: string) {
  show({ kind: "info", title, description });
}

/** A toast that stays while work runs (e.g. "Clearing tasks..."), then becomes its outcome in place. */
export function showProgress(title: string, description?: string): ProgressToast {
  const id = show({ kind: "progress", title, description });
  return { finish: (outcome) => void show(outcome, id) };
}

/** A toast about the whole app (e.g. changes made offline that the server refused), on every screen. */
export function showEverywhere(message: Omit<ToastMessage, "everyScreen">) {
  show({ ...message, everyScreen: true });
}
