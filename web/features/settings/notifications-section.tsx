import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiRequestError } from "../../api/client";
import { PushSetupError, pushUnsupportedReason, turnOffPush, turnOnPush } from "../../api/device-push";
import { usePushStatus } from "../../api/push";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { showError, showSuccess } from "../../ui/toast";
import { SettingsSection } from "./settings-section";

function failureText(err: unknown): string {
  if (err instanceof PushSetupError) return err.message;
  if (err instanceof ApiRequestError) return err.serverMessage ?? "Please try again.";
  return "The browser's push service did not answer. Please try again.";
}

/** Settings: notifications on or off for this device (a push when a session or break ends). */
export function NotificationsSection() {
  const queryClient = useQueryClient();
  const status = usePushStatus();
  const [pending, setPending] = useState(false);
  const unsupported = pushUnsupportedReason();
  const on = status.data?.thisDevice ?? false;
  const publicKey = status.data?.publicKey ?? null;

  async function toggle() {
    setPending(true);
    try {
      if (on) {
        await turnOffPush();
        showSuccess("Notifications off", "This device will no longer be told when a session ends.");
      } else if (publicKey) {
        await turnOnPush(publicKey);
        showSuccess("Notifications on", "This device will be told when a focus session or break ends.");
      }
    } catch (err) {
      showError(on ? "Could not turn notifications off" : "Could not turn notifications on", failureText(err));
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.push });
      setPending(false);
    }
  }

  return (
    <SettingsSection
      title="Notifications"
      description="Be told when a focus session or a break ends, even with every tab closed."
    >
      {status.isLoading ? <Spinner label="Loading your notification settings" className="py-4" /> : null}
      {status.isError ? (
        <div className="flex items-center gap-3 text-sm text-red-800 dark:text-red-300" role="alert">
          Could not load your notification settings.
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {status.data ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm" id="notifications-state">
            {on ? "On for this device." : "Off for this device."}{" "}
            <span className="text-slate-600 dark:text-slate-400">
              {publicKey === null
                ? "Notifications are not set up on this server."
                : (unsupported ?? "Other devices choose for themselves.")}
            </span>
          </p>
          <Button
            variant={on ? "outline" : "primary"}
            size="sm"
            aria-describedby="notifications-state"
            disabled={pending || (!on && (publicKey === null || unsupported !== null))}
            onClick={() => void toggle()}
          >
            {pending ? "Saving..." : on ? "Turn off" : "Turn on"}
          </Button>
        </div>
      ) : null}
    </SettingsSection>
  );
}
