import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LIMITS } from "../../../shared/constants";
import { changePasswordSchema } from "../../../shared/schemas/account";
import { useChangePassword } from "../../api/account";
import { zodFieldErrors } from "../../api/field-errors";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { showSuccess } from "../../ui/toast";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

/**
 * Change the password (needs the current one), or set a first one for accounts that only sign in
 * through an identity provider. Every other device is signed out; this one stays.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useLingui();
  const changePassword = useChangePassword();
  const signedOutText = (count: number) =>
    count === 0
      ? t`No other device was signed in.`
      : plural(count, { one: "Signed out of # other device.", other: "Signed out of # other devices." });
  const passwordMin = LIMITS.passwordMin;
  const passwordHint = plural(passwordMin, { one: "At least # character.", other: "At least # characters." });
  const { errors, pending, onSubmit } = useSettingsForm({
    check: (form) => {
      const input = {
        ...(hasPassword ? { currentPassword: String(form.get("currentPassword") ?? "") } : {}),
        newPassword: String(form.get("newPassword") ?? ""),
      };
      const parsed = changePasswordSchema.safeParse(input);
      const fieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
      if (hasPassword && !input.currentPassword) fieldErrors.currentPassword = t`Enter your current password.`;
      if (!fieldErrors.newPassword && form.get("confirmPassword") !== input.newPassword) {
        fieldErrors.confirmPassword = t`The two new passwords do not match.`;
      }
      return Object.keys(fieldErrors).length > 0 ? { errors: fieldErrors } : { input };
    },
    save: async (input, formElement) => {
      const { signedOutSessions } = await changePassword(input);
      formElement.reset();
      showSuccess(hasPassword ? t`Password changed` : t`Password set`, signedOutText(signedOutSessions));
    },
    failure: {
      title: hasPassword ? t`Could not change your password` : t`Could not set your password`,
      form: t`Could not change your password. Please try again.`,
    },
  });

  return (
    <SettingsSection
      title={hasPassword ? t`Change password` : t`Set a password`}
      description={
        hasPassword
          ? t`Changing it signs you out on every other device.`
          : t`You sign in through your identity provider. Set a password to also sign in with your username or email.`
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
        aria-label={hasPassword ? t`Change password` : t`Set a password`}
      >
        <FormError message={errors.form} />
        <fieldset disabled={pending} className="space-y-4">
          {hasPassword ? (
            <Field label={t`Current password`} error={errors.currentPassword}>
              {(props) => <Input {...props} name="currentPassword" type="password" autoComplete="current-password" />}
            </Field>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t`New password`} error={errors.newPassword} hint={passwordHint}>
              {(props) => <Input {...props} name="newPassword" type="password" autoComplete="new-password" />}
            </Field>
            <Field label={t`Repeat new password`} error={errors.confirmPassword}>
              {(props) => <Input {...props} name="confirmPassword" type="password" autoComplete="new-password" />}
            </Field>
          </div>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {pending ? (
            <Trans>Saving...</Trans>
          ) : hasPassword ? (
            <Trans>Change password</Trans>
          ) : (
            <Trans>Set password</Trans>
          )}
        </Button>
      </form>
    </SettingsSection>
  );
}
