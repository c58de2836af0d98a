import type { Routine } from "../../shared/schemas/routines";
import { showError, showSuccess } from "../ui/toast";
import { ApiRequestError } from "./client";
import { useSkipRoutine } from "./routines";
import { isQueued } from "./send-change";

// "Skip today" with its toasts, the same from the Routines page, the plan's routines and the
// evening close (docs/product.md#routines), sent as the one skip change (web/changes/routine-change.ts).

type Skipped = Pick<Routine, "id" | "title">;

export function useSkipToday() {
  const skip = useSkipRoutine();
  return {
    pending: skip.isPending,
    skipToday: (routine: Skipped, reason: string | null, skipped: () => void) =>
      skip.mutate(
        { routine, reason },
        {
          onSuccess: (answer) => {
            skipped();
            showSuccess(
              `Skipped today: "${routine.title}"`,
              isQueued(answer) ? "It syncs when you're back online." : "A skipped day keeps your streak.",
            );
          },
          onError: (err) =>
            showError(
              `Could not skip "${routine.title}"`,
              (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
            ),
        },
      ),
  };
}
