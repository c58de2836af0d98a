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
  chosenFirstId = null,
  onMove,
}: {
  three: readonly Task[];
  usualFocusMinutes: number;
  /** The task chosen last evening as today's first: never the one offered to move. */
  chosenFirstId?: number | null;
  /** False where the three are only offered and nothing can be left out of them. */
  canMove?: boolean;
  /**
   * Where the three are only offered, not yet starred (the plan step): the move leaves the task out
   * of them on the screen (its star goes with the plan) instead of writing it.
   */
  onMove?: (task: Pick<Task, "id" | "title">) => void;
}) {
  const update = useUpdateTask();
  const size = planSize(three, usualFocusMinutes, chosenFirstId);
  if (!size) return null;
  const over = size.planned > usualFocusMinutes;
  return (
    <div
      data-testid="plan-size"
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg px-3 py-2 text-sm ${
        over
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
          : "text-slate-700 dark:text-slate-300"
      }`}
    >
      <Hourglass aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0 flex-1">{size.text}</span>
      {canMove && size.tooMuch ? (
        <Button
          size="sm"
          variant="outline"
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
