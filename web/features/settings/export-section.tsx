import { Download } from "lucide-react";
import { useState } from "react";
import { downloadExport } from "../../api/account";
import { Button } from "../../ui/button";
import { showError, showSuccess } from "../../ui/toast";
import { ImportRoutinesButton } from "./import-routines-button";
import { SettingsSection } from "./settings-section";
import { failureText } from "./use-settings-form";

export function ExportSection() {
  const [pending, setPending] = useState<"json" | "csv" | null>(null);

  async function download(kind: "json" | "csv") {
    setPending(kind);
    try {
      const name = await downloadExport(kind);
      showSuccess("Export ready", `Saved as ${name}.`);
    } catch (err) {
      showError("Could not export your data", failureText(err));
    } finally {
      setPending(null);
    }
  }

  return (
    <SettingsSection
      title="Your data"
      description="Download everything Onething keeps about you: profile, tasks, routines, focus sessions and daily analytics. An export's routines can come back into any account."
    >
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" disabled={pending !== null} onClick={() => void download("json")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {pending === "json" ? "Preparing..." : "Export my data (JSON)"}
        </Button>
        <Button variant="outline" disabled={pending !== null} onClick={() => void download("csv")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {pending === "csv" ? "Preparing..." : "Export tasks (CSV)"}
        </Button>
        <ImportRoutinesButton disabled={pending !== null} />
      </div>
    </SettingsSection>
  );
}
