export type ToastKind = "success" | "error" | "info" | "progress";

export type ToastMessage = { kind: ToastKind; title: string; description?: string };

/** What puts a toast on screen; `closed` must be called once the person or its timer closes it. */
export type ToastRenderer = {
  show: (id: string, message: ToastMessage, closed: () => void) => void;
};

/** A progress toast that is later replaced, in place, by its outcome. */
export type ProgressToast = { finish: (outcome: ToastMessage) => void };

const sameMessage = (a: ToastMessage, b: ToastMessage) =>
  a.kind === b.kind && a.title === b.title && a.description === b.description;

/**
 * Spec §9 allows one toast on screen at a time; the toast library hides the others but keeps their
 * timers running, so a burst of notices would expire unseen. This queue shows them one after
 * another instead, each for its full time, and loses none.
 */
export class ToastQueue {
  private readonly waiting: { id: string; message: ToastMessage }[] = [];
  private showing: { id: string; message: ToastMessage } | null = null;
  private nextId = 1;

  constructor(private readonly renderer: ToastRenderer) {}

  push(message: ToastMessage): string {
    // The same notice again (e.g. a button pressed twice) while it is on screen or waiting adds
    // nothing a person has not seen or will not see; queueing it would only repeat it.
    const same = [this.showing, ...this.waiting].find((entry) => entry && sameMessage(entry.message, message));
    if (same && message.kind !== "progress") return same.id;
    const entry = { id: `toast-${this.nextId++}`, message };
    if (this.showing) this.waiting.push(entry);
    else this.display(entry);
    return entry.id;
  }

  /** A "please wait" toast that stays until `finish` turns it into its outcome. */
  progress(title: string, description?: string): ProgressToast {
    const id = this.push({ kind: "progress", title, description });
    return {
      finish: (outcome) => {
        const queued = this.waiting.find((entry) => entry.id === id);
        if (queued) queued.message = outcome;
        else if (this.showing?.id === id) this.display({ id, message: outcome });
        // Closed already (dismissed by hand): the outcome still deserves its own toast.
        else this.push(outcome);
      },
    };
  }

  /** The toast on screen now, if any (for tests and diagnostics). */
  get current(): ToastMessage | null {
    return this.showing?.message ?? null;
  }

  get pending(): number {
    return this.waiting.length;
  }

  private display(entry: { id: string; message: ToastMessage }) {
    this.showing = entry;
    this.renderer.show(entry.id, entry.message, () => this.closed(entry.id, entry.message));
  }

  private closed(id: string, message: ToastMessage) {
    // A progress toast replaced in place reports the close of its earlier form too; only the current one counts.
    if (this.showing?.id !== id || this.showing.message !== message) return;
    this.showing = null;
    const next = this.waiting.shift();
    if (next) this.display(next);
  }
}
