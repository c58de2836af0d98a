import { Trans, useLingui } from "@lingui/react/macro";
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

/** Settings: notifications on or off for this device (a push when a session or break ends). */
export function NotificationsSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const status = usePushStatus();
  const [pending, setPending] = useState(false);
  const unsupported = pushUnsupportedReason();
  const on = status.data?.thisDevice ?? false;
  const publicKey = status.data?.publicKey ?? null;

  function failureText(err: unknown): string {
    if (err instanceof PushSetupError) return err.message;
    if (err instanceof ApiRequestError) return err.serverMessage ?? t`Please try again.`;
    return t`The browser's push service did not answer. Please try again.`;
  }

  async function toggle() {
    setPending(true);
    try {
      if (on) {
        await turnOffPush();
        showSuccess(t`Notifications off`, t`This device will no longer be told when a session ends.`);
      } else if (publicKey) {
        await turnOnPush(publicKey);
        showSuccess(t`Notifications on`, t`This device will be told when a focus session or break ends.`);
      }
    } catch (err) {
      showError(on ? t`Could not turn notifications off` : t`Could not turn notifications on`, failureText(err));
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.push });
      setPending(false);
    }
  }

  return (
    <SettingsSection
      title={t`Notifications`}
      description={t`Be told when a focus session or a break ends, even with every tab closed.`}
    >
      {status.isLoading ? <Spinner label={t`Loading your notification settings`} className="py-4" /> : null}
      {status.isError ? (
        <div className="flex items-center gap-3 text-sm text-red-800 dark:text-red-300" role="alert">
          <Trans>Could not load your notification settings.</Trans>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {status.data ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm" id="notifications-state">
            {on ? <Trans>On for this device.</Trans> : <Trans>Off for this device.</Trans>}{" "}
            <span className="text-slate-600 dark:text-slate-400">
              {publicKey === null ? (
                <Trans>Notifications are not set up on this server.</Trans>
              ) : (
                (unsupported ?? <Trans>Other devices choose for themselves.</Trans>)
              )}
            </span>
          </p>
          <Button
            variant={on ? "outline" : "primary"}
            size="sm"
            aria-describedby="notifications-state"
            disabled={pending || (!on && (publicKey === null || unsupported !== null))}
            onClick={() => void toggle()}
          >
            {pending ? (
              <Trans>Saving...</Trans>
            ) : on ? (
              <Trans context="notifications">Turn off</Trans>
            ) : (
              <Trans context="notifications">Turn on</Trans>
            )}
          </Button>
        </div>
      ) : null}
    </SettingsSection>
  );
}
