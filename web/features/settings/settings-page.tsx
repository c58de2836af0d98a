import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useAccountInfo } from "../../api/account";
import { useCurrentUser } from "../../api/auth";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { DayForm } from "./day-form";
import { DeleteAccountSection } from "./delete-account-section";
import { DevicesSection } from "./devices-section";
import { ExportSection } from "./export-section";
import { NotificationsSection } from "./notifications-section";
import { PasswordForm } from "./password-form";
import { PreferencesForm } from "./preferences-form";
import { ProfileForm } from "./profile-form";
import { SettingsSection } from "./settings-section";
import { ThemeForm } from "./theme-form";

/**
 * `/settings` (docs/decisions/001-name-pages-brief-left-open.md): the person's own account, preferences and data.
 * `languageSetting`: the language's control (web/features/language/language-setting.tsx), which the
 * app puts here (docs/product.md#your-language).
 */
export function SettingsPage({ languageSetting }: { languageSetting?: ReactNode }) {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const account = useAccountInfo();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Settings</Trans>
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          <Trans>Your account, your preferences and your data.</Trans>
        </p>
      </div>
      {user ? (
        <>
          <ProfileForm user={user} />
          <PreferencesForm user={user} />
          <DayForm user={user} />
          {languageSetting ? (
            <SettingsSection
              title={t({ message: "Language", context: "the settings section" })}
              description={t`Kept with your account: every device you sign in on shows it.`}
            >
              {languageSetting}
            </SettingsSection>
          ) : null}
          <ThemeForm />
          {account.data ? <PasswordForm hasPassword={account.data.hasPassword} /> : null}
          <NotificationsSection />
          <DevicesSection timeZone={user.timeZone} />
          <ExportSection />
          {account.data ? <DeleteAccountSection user={user} hasPassword={account.data.hasPassword} /> : null}
          {account.isLoading ? <Spinner label={t`Loading your account`} className="py-6" /> : null}
          {account.isError ? (
            <div role="alert" className="flex items-center gap-3 text-sm text-red-800 dark:text-red-300">
              <Trans>Could not load your password and deletion settings.</Trans>
              <Button variant="outline" size="sm" onClick={() => void account.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
