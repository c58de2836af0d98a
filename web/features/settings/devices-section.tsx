import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bell, Laptop, Smartphone, Tablet } from "lucide-react";
import { useState } from "react";
import type { DeviceSession } from "../../../shared/schemas/account";
import { useDeviceSessions, useSignOutDevices } from "../../api/account";
import { usePushStatus } from "../../api/push";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { showError, showSuccess } from "../../ui/toast";
import { describeUserAgent, deviceNames } from "./device-name";
import { SettingsSection } from "./settings-section";
import { failureText } from "./use-settings-form";

const ICONS = { phone: Smartphone, tablet: Tablet, computer: Laptop } as const;

function formatInstant(iso: string, timeZone: string, locale: string) {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString(locale);
  }
}

export function DevicesSection({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useLingui();
  const shownAt = (iso: string) => formatInstant(iso, timeZone, i18n.locale);
  const signOut = useSignOutDevices();
  const { data: devices, isLoading, isError, refetch } = useDeviceSessions();
  const notified = new Set(usePushStatus().data?.devices ?? []);
  // The device being signed out, or "others" while signing out everywhere else.
  const [pending, setPending] = useState<string | null>(null);
  const others = devices?.filter((device) => !device.current) ?? [];
  const names = deviceNames(devices ?? []);

  async function run(key: string, action: () => Promise<string>, failure: string) {
    setPending(key);
    try {
      const message = await action();
      showSuccess(t`Signed out`, message);
    } catch (err) {
      showError(failure, failureText(err));
    } finally {
      setPending(null);
    }
  }

  const signOutOne = (device: DeviceSession, name: string) =>
    run(
      device.id,
      async () => {
        await signOut.one(device.id);
        return t`${name} is signed out.`;
      },
      t`Could not sign out that device`,
    );

  const signOutOthers = () =>
    run(
      "others",
      async () => {
        const { signedOutSessions } = await signOut.others();
        return plural(signedOutSessions, {
          one: "Signed out of # other device.",
          other: "Signed out of # other devices.",
        });
      },
      t`Could not sign out the other devices`,
    );

  return (
    <SettingsSection title={t`Signed-in devices`} description={t`Where your account is signed in right now.`}>
      {isLoading ? <Spinner label={t`Loading your devices`} className="py-6" /> : null}
      {isError ? (
        <div className="flex items-center gap-3 text-sm text-red-800 dark:text-red-300" role="alert">
          <Trans>Could not load your devices.</Trans>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {devices ? (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t`Signed-in devices`}>
            {devices.map((device) => {
              const { kind } = describeUserAgent(device.userAgent);
              const name = names.get(device.id) ?? t`Unknown device`;
              const signedIn = shownAt(device.createdAt);
              const lastActive = shownAt(device.lastSeenAt);
              const Icon = ICONS[kind];
              return (
                <li key={device.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-slate-600 dark:text-slate-400" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium" title={device.userAgent ?? undefined}>
                      <span className="min-w-0 break-words">{name}</span>
                      {device.current ? (
                        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-700 dark:text-white">
                          <Trans>This device</Trans>
                        </span>
                      ) : null}
                      {notified.has(device.id) ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                          <Bell aria-hidden="true" className="h-3 w-3" />
                          <Trans>Gets notifications</Trans>
                        </span>
                      ) : null}
                    </p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {device.method === "oidc" ? (
                        <Trans>
                          Signed in {signedIn} · Last active {lastActive} · via identity provider
                        </Trans>
                      ) : (
                        <Trans>
                          Signed in {signedIn} · Last active {lastActive}
                        </Trans>
                      )}
                    </p>
                  </div>
                  {device.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={pending !== null}
                      aria-label={t`Sign out ${name}, last active ${lastActive}`}
                      onClick={() => void signOutOne(device, name)}
                    >
                      {pending === device.id ? (
                        <Trans>Signing out...</Trans>
                      ) : (
                        <Trans context="a device">Sign out</Trans>
                      )}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={pending !== null || others.length === 0}
              onClick={() => void signOutOthers()}
            >
              {pending === "others" ? <Trans>Signing out...</Trans> : <Trans>Sign out everywhere else</Trans>}
            </Button>
            {others.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <Trans>No other device is signed in.</Trans>
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </SettingsSection>
  );
}
