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
  const { imported, alreadyHere } = answer;
  if (imported === 0)
    return [
      t`No new routines`,
      plural(alreadyHere, {
        one: "The file's # routine is here already.",
        other: "The file's # routines are here already.",
      }),
    ];
  const importedText = plural(imported, { one: "Imported # routine", other: "Imported # routines" });
  const onYourList = t`Today's are on your list; streaks start here.`;
  if (alreadyHere === 0) return [importedText, onYourList];
  const here = plural(alreadyHere, {
    one: "# routine was here already.",
    other: "# routines were here already.",
  });
  return [importedText, `${onYourList} ${here}`];
}
