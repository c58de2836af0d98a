import { t } from "@lingui/core/macro";
import type { Day } from "../../shared/schemas/day";
import type { Change, ChangeKind } from "./change-kind";

// "Skip for today" (POST /api/day/skip): nothing but the day changes
// (docs/decisions/183-skip-changes-nothing.md).

export type SkipDayEffect = { kind: "skipDay" };

export function skipDayChange(): Change<SkipDayEffect> {
  return { method: "POST", path: "/api/day/skip", effect: { kind: "skipDay" } };
}

export const skipDay = {
  kind: "skipDay",
  showTasks: (tasks) => tasks,
  showDay: (day) => ({ ...day, skipped: true }),
  words: () => t`Skip today's plan`,
  // The answer is the day, skipped: the plan step leaves at once.
  answered: (answer) => ({ day: answer as Day }),
} satisfies ChangeKind<SkipDayEffect>;
