import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Hourglass } from "lucide-react";
import { UNDO } from "../../../../shared/constants";
import type { Task } from "../../../../shared/schemas/tasks";
import { ApiRequestError } from "../../../api/client";
import { invalidateTaskData } from "../../../api/refetch-after-change";
import { isQueued } from "../../../api/send-change";
import { useUpdateTask } from "../../../api/task-changes";
import { patchTask } from "../../../api/tasks";
import { keptOnDevice } from "../../../changes/change-kind";
import { Button } from "../../../ui/button";
import { showError, showSuccess } from "../../../ui/toast";
import { planSize, type UsualFocus } from "./plan-size";

/**
 * The three's planned time beside the person's usual focus (docs/decisions/294-a-plan-sized-to-the-person.md):
 * when they need more, said plainly with both figures and an offer to move the longest to Later.
 * It never blocks anything. The move is written (its star goes, on the server, live to the other
 * devices, through the outbox offline), with Undo, which puts the star back on its day
 * (docs/decisions/332-move-to-later-is-written.md).
 */
export default function PlanSizeLine({
  three,
  usual,
  canMove = true,
  chosenFirstId = null,
  onMove,
  offered = false,
}: {
  three: readonly Task[];
  usual: UsualFocus;
  /** The task chosen last evening as today's first: never the one offered to move. */
  chosenFirstId?: number | null;
  /** False where the three are only offered and nothing can be left out of them. */
  canMove?: boolean;
  /**
   * Where the three are chosen on the screen (the plan step): a task with no star to take (picked
   * by hand) leaves them on the screen instead, as its row's "Leave for later" does.
   */
  onMove?: (task: Pick<Task, "id" | "title">) => void;
  /** The three are offered (the plan step), not yet today's: the toast says so. */
  offered?: boolean;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const update = useUpdateTask();
  const size = planSize(three, usual, chosenFirstId);
  if (!size) return null;
  const over = size.planned > usual.minutes;
  // A sentence of the offered three (the plan step) or of today's (docs/decisions/395-messages-in-lingui-catalogs.md).
  const noLongerOne = () =>
    offered ? t`It is no longer one of the three offered for today.` : t`It is no longer one of today's three.`;
  const oneAgain = () =>
    offered ? t`It is one of the three offered for today again.` : t`It is one of today's three again.`;

  function move(task: Task) {
    const title = task.title;
    if (!task.isPriority) {
      onMove?.(task);
      showSuccess(t`Left out: "${title}"`, t`It is not among the three chosen here.`);
      return;
    }
    const starDay = task.priorityDate ?? undefined;
    update.mutate(
      { id: task.id, patch: { isPriority: false } },
      {
        onSuccess: (answer) =>
          showSuccess(
            t`Moved to Later: "${title}"`,
            `${noLongerOne()}${isQueued(answer) ? ` ${keptOnDevice()}` : ""}`,
            {
              duration: UNDO.toastMs,
              action: {
                label: t`Undo`,
                onClick: () =>
                  void patchTask(queryClient, task.id, { isPriority: true, priorityDate: starDay }).then(
                    (back) => {
                      if (!isQueued(back)) void invalidateTaskData(queryClient);
                      showSuccess(t`Undone: "${title}"`, `${oneAgain()}${isQueued(back) ? ` ${keptOnDevice()}` : ""}`);
                    },
                    (err) =>
                      showError(
                        t`Could not undo: "${title}"`,
                        (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
                      ),
                  ),
              },
            },
          ),
        onError: (err) =>
          showError(
            t`Could not move "${title}"`,
            (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
          ),
      },
    );
  }

  const longest = size.tooMuch ? three.find((task) => task.id === size.tooMuch?.id) : undefined;
  const longestTitle = longest?.title;
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
      {canMove && longest ? (
        <Button
          size="sm"
          variant="outline"
          className="h-auto min-h-8 w-full justify-start py-1.5 text-start break-words sm:ms-6 sm:w-auto"
          disabled={update.isPending}
          onClick={() => move(longest)}
        >
          <Trans>Move "{longestTitle}" to Later</Trans>
        </Button>
      ) : null}
    </div>
  );
}
