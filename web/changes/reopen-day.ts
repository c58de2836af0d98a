import { t } from "@lingui/core/macro";
import type { Day } from "../../shared/schemas/day";
import type { Change, ChangeKind } from "./change-kind";

// "Reopen the day" (DELETE /api/day/close, docs/decisions/291-the-evening-close.md): the day's
// close goes; what it moved stays where it went.

export type ReopenDayEffect = { kind: "reopenDay" };

export function reopenDayChange(): Change<ReopenDayEffect> {
  return { method: "DELETE", path: "/api/day/close", effect: { kind: "reopenDay" } };
}

export const reopenDay = {
  kind: "reopenDay",
  showTasks: (tasks) => tasks,
  showDay: (day) => ({ ...day, closed: false, closeNote: null }),
  words: () => t`Reopen your day`,
  answered: (answer) => ({ day: answer as Day }),
} satisfies ChangeKind<ReopenDayEffect>;
