import { Trans, useLingui } from "@lingui/react/macro";
import { Upload } from "lucide-react";
import { useRef } from "react";
import { routinesOfExportFile } from "../../../shared/export-file";
import { ApiRequestError } from "../../api/client";
import { useImportRoutines } from "../../api/routines";
import { Button } from "../../ui/button";
import { showError, showSuccess } from "../../ui/toast";
import { saidOfImport } from "./import-said";
import { failureText } from "./use-settings-form";

/**
 * Brings the routines of an export file into this account
 * (docs/decisions/301-routines-imported-from-an-export.md): the file is read on the device, only its
 * routines are sent, and the server leaves alone those the person has already.
 */
export function ImportRoutinesButton({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  const importRoutines = useImportRoutines();

  async function importFrom(file: File) {
    const found = routinesOfExportFile(await file.text());
    if (!found.ok) return showError(t`Could not import routines`, found.reason);
    const count = found.input.routines.length;
    importRoutines.mutate(found.input, {
      onSuccess: (answer) => showSuccess(...saidOfImport(answer, count)),
      onError: (err) =>
        showError(
          t`Could not import routines`,
          (err instanceof ApiRequestError && err.status < 500 && err.serverMessage) || failureText(err),
        ),
    });
  }

  return (
    <>
      <Button variant="outline" disabled={disabled || importRoutines.isPending} onClick={() => picker.current?.click()}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        {importRoutines.isPending ? <Trans>Importing...</Trans> : <Trans>Import routines (JSON)</Trans>}
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
