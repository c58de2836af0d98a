import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { useState } from "react";
import { downloadExport } from "../../api/account";
import { Button } from "../../ui/button";
import { showError, showSuccess } from "../../ui/toast";
import { ImportRoutinesButton } from "./import-routines-button";
import { SettingsSection } from "./settings-section";
import { failureText } from "./use-settings-form";

export function ExportSection() {
  const { t } = useLingui();
  const [pending, setPending] = useState<"json" | "csv" | null>(null);

  async function download(kind: "json" | "csv") {
    setPending(kind);
    try {
      const name = await downloadExport(kind);
      showSuccess(t`Export ready`, t`Saved as ${name}.`);
    } catch (err) {
      showError(t`Could not export your data`, failureText(err));
    } finally {
      setPending(null);
    }
  }

  return (
    <SettingsSection
      title={t`Your data`}
      description={t`Download everything Onething keeps about you: profile, tasks, routines, focus sessions and daily analytics. An export's routines can come back into any account.`}
    >
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" disabled={pending !== null} onClick={() => void download("json")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {pending === "json" ? <Trans>Preparing...</Trans> : <Trans>Export my data (JSON)</Trans>}
        </Button>
        <Button variant="outline" disabled={pending !== null} onClick={() => void download("csv")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {pending === "csv" ? <Trans>Preparing...</Trans> : <Trans>Export tasks (CSV)</Trans>}
        </Button>
        <ImportRoutinesButton disabled={pending !== null} />
      </div>
    </SettingsSection>
  );
}
