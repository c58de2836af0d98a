import { Upload } from "lucide-react";
import { useRef } from "react";
import { routinesOfExportFile } from "../../../shared/export-file";
import type { ImportRoutinesAnswer } from "../../../shared/schemas/routines";
import { ApiRequestError } from "../../api/client";
import { useImportRoutines } from "../../api/routines";
import { isQueued, type QueuedChange } from "../../api/send-change";
import { Button } from "../../ui/button";
import { showError, showSuccess } from "../../ui/toast";
import { failureText } from "./use-settings-form";

const routinesIn = (count: number) => (count === 1 ? "1 routine" : `${count} routines`);

/** What the toast says of an import: what came, what was here already, or that it waits for the network. */
function saidOf(answer: ImportRoutinesAnswer | QueuedChange | null, count: number): [string, string] {
  if (answer === null || isQueued(answer))
    return [`Importing ${routinesIn(count)}`, "They arrive when you're back online."];
  if (answer.imported === 0)
    return [
      "No new routines",
      `The file's ${routinesIn(answer.alreadyHere)} ${answer.alreadyHere === 1 ? "is" : "are"} here already.`,
    ];
  const here =
    answer.alreadyHere > 0
      ? ` ${routinesIn(answer.alreadyHere)} ${answer.alreadyHere === 1 ? "was" : "were"} here already.`
      : "";
  return [`Imported ${routinesIn(answer.imported)}`, `Today's are on your list; streaks start here.${here}`];
}

/**
 * Brings the routines of an export file into this account
 * (docs/decisions/301-routines-imported-from-an-export.md): the file is read on the device, only its
 * routines are sent, and the server leaves alone those the person has already.
 */
export function ImportRoutinesButton({ disabled }: { disabled: boolean }) {
  const picker = useRef<HTMLInputElement>(null);
  const importRoutines = useImportRoutines();

  async function importFrom(file: File) {
    const found = routinesOfExportFile(await file.text());
    if (!found.ok) return showError("Could not import routines", found.reason);
    const count = found.input.routines.length;
    importRoutines.mutate(found.input, {
      onSuccess: (answer) => showSuccess(...saidOf(answer, count)),
      onError: (err) =>
        showError(
          "Could not import routines",
          (err instanceof ApiRequestError && err.status < 500 && err.serverMessage) || failureText(err),
        ),
    });
  }

  return (
    <>
      <Button variant="outline" disabled={disabled || importRoutines.isPending} onClick={() => picker.current?.click()}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        {importRoutines.isPending ? "Importing..." : "Import routines (JSON)"}
      </Button>
      <input
        ref={picker}
        type="file"
        accept="application/json,.json"
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Emptied, so choosing the same file again is a new choice.
          event.currentTarget.value = "";
          if (file) void importFrom(file);
        }}
      />
    </>
  );
}
