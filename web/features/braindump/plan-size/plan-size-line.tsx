import { Hourglass } from "lucide-react";
import type { Task } from "../../../../shared/schemas/tasks";
import { ApiRequestError } from "../../../api/client";
import { useUpdateTask } from "../../../api/task-changes";
import { Button } from "../../../ui/button";
import { showError, showSuccess } from "../../../ui/toast";
import { planSize } from "./plan-size";

/**
 * The three's planned time beside the person's usual focus (docs/decisions/294-a-plan-sized-to-the-person.md):
 * when they need more, said plainly with both figures and an offer to move the longest to Later
 * (its star goes). It never blocks anything.
 */
export default function PlanSizeLine({
  three,
  usualFocusMinutes,
  canMove = true,
  onMove,
}: {
  three: readonly Task[];
  usualFocusMinutes: number;
  /** False where the three are only offered and nothing can be left out of them. */
  canMove?: boolean;
  /**
   * Where the three are only offered, not yet starred (the plan step): the move leaves the task out
   * of them on the screen (its star goes with the plan) instead of writing it.
   */
  onMove?: (task: Pick<Task, "id" | "title">) => void;
}) {
  const update = useUpdateTask();
  const size = planSize(three, usualFocusMinutes);
  if (!size) return null;
  const over = size.planned > usualFocusMinutes;
  return (
    <div
      data-testid="plan-size"
      // The figures take the whole width, the offer a line of its own below them: beside each other a
      // real-length title squeezed the figures into three lines on a laptop and itself into a sliver
      // on a phone. The offer's title wraps inside the button (full width on a phone).
      className={`flex flex-col items-start gap-2 rounded-lg px-3 py-2 text-sm ${
        over
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
          : "text-slate-700 dark:text-slate-300"
      }`}
    >
      <p className="flex items-start gap-2">
        <Hourglass aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span className="min-w-0">{size.text}</span>
      </p>
      {canMove && size.tooMuch ? (
        <Button
          size="sm"
          variant="outline"
          className="h-auto min-h-8 w-full justify-start py-1.5 text-left break-words sm:ml-6 sm:w-auto"
          disabled={update.isPending}
          onClick={() => {
            const task = size.tooMuch;
            if (!task) return;
            if (onMove) {
              onMove(task);
              showSuccess(`Moved to Later: "${task.title}"`, "It is left out of today's three.");
              return;
            }
            update.mutate(
              { id: task.id, patch: { isPriority: false } },
              {
                onSuccess: () =>
                  showSuccess(`Moved to Later: "${task.title}"`, "It is no longer one of today's three."),
                onError: (err) =>
                  showError(
                    `Could not move "${task.title}"`,
                    (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
                  ),
              },
            );
          }}
        >
          Move "{size.tooMuch.title}" to Later
        </Button>
      ) : null}
    </div>
  );
}
