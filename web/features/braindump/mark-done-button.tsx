import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import type { Task } from "../../../shared/schemas/tasks";
import { useMarkDone } from "../../api/tasks";
import { cn } from "../../ui/cn";
import { shortTaskName } from "../../ui/task-name";
import { showError } from "../../ui/toast";

// The toasts of a done load with the tap, with the words of its change kind
// (docs/decisions/256-change-kinds-load-after-the-first-screen.md): by the time one shows, the tap
// has loaded them. Only when that code could not load is the failure said without them.
function withDoneToasts(say: (toasts: typeof import("../../api/done-toasts")) => void, orElse = () => {}) {
  void import("../../api/done-toasts").then(say, orElse);
}

/**
 * The round check before an open task: one tap finishes it, without a timer, with Undo in its toast
 * (docs/decisions/185-done-in-one-tap.md). Named for the task, so a list of them reads apart.
 */
export function MarkDoneButton({ task, className }: { task: Pick<Task, "id" | "title">; className?: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { markDone, pendingId } = useMarkDone({
    onSuccess: (done, finished) => withDoneToasts((toasts) => toasts.sayDone(queryClient, finished, done)),
    onError: (err, finished) =>
      withDoneToasts(
        (toasts) => toasts.sayNotDone(finished, err),
        () => {
          // A toast names its task in its title (docs/decisions/245-toasts-name-their-task.md).
          const name = shortTaskName(finished.title);
          showError(t`Could not mark done: "${name}"`, t`Please try again.`);
        },
      ),
  });
  const title = task.title;
  return (
    <button
      type="button"
      data-mark-done={task.id}
      aria-label={t`Mark ${title} done`}
      title={t`Mark done`}
      disabled={pendingId === task.id}
      onClick={(event) => {
        // The row leaves: the keyboard goes on to the next task's check in the same list (or the one before).
        const list = event.currentTarget.closest("ul, ol"); // words-ok: a CSS selector
        const checks = [...(list?.querySelectorAll<HTMLButtonElement>("[data-mark-done]") ?? [])];
        const index = checks.indexOf(event.currentTarget);
        const nextId = (checks[index + 1] ?? checks[index - 1])?.dataset.markDone;
        markDone(task);
        requestAnimationFrame(() => {
          if (nextId) document.querySelector<HTMLButtonElement>(`[data-mark-done="${nextId}"]`)?.focus();
        });
      }}
      className={cn(
        "group inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md disabled:opacity-50",
        className,
      )}
    >
      <span className="flex h-5 w-5 items-center justify-center rounded-full border-2 border-slate-400 text-transparent group-hover:border-emerald-600 group-hover:text-emerald-600 dark:border-slate-500 dark:group-hover:border-emerald-400 dark:group-hover:text-emerald-400">
        <Check aria-hidden="true" className="h-3 w-3" strokeWidth={3} />
      </span>
    </button>
  );
}
