import { t } from "@lingui/core/macro";
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
            const title = routine.title;
            showSuccess(
              t`Skipped today: "${title}"`,
              isQueued(answer) ? t`It syncs when you're back online.` : t`A skipped day keeps your streak.`,
            );
          },
          onError: (err) => {
            const title = routine.title;
            showError(
              t`Could not skip "${title}"`,
              (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
            );
          },
        },
      ),
  };
}
