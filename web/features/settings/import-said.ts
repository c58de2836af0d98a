import { plural, t } from "@lingui/core/macro";
import type { ImportRoutinesAnswer } from "../../../shared/schemas/routines";
import { isQueued, type QueuedChange } from "../../api/send-change";

/**
 * What the toast says of an import: what came, what was here already, or that it waits for the
 * network. Read when the toast shows.
 */
export function saidOfImport(answer: ImportRoutinesAnswer | QueuedChange | null, count: number): [string, string] {
  if (answer === null || isQueued(answer))
    return [
      plural(count, { one: "Importing # routine", other: "Importing # routines" }),
      t`They arrive when you're back online.`,
    ];
  if (answer.imported === 0)
    return [
      t`No new routines`,
      plural(answer.alreadyHere, {
        one: "The file's # routine is here already.",
        other: "The file's # routines are here already.",
      }),
    ];
  const imported = plural(answer.imported, { one: "Imported # routine", other: "Imported # routines" });
  const onYourList = t`Today's are on your list; streaks start here.`;
  if (answer.alreadyHere === 0) return [imported, onYourList];
  const here = plural(answer.alreadyHere, {
    one: "# routine was here already.",
    other: "# routines were here already.",
  });
  return [imported, `${onYourList} ${here}`];
}
