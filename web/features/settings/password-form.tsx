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

const signedOutText = (count: number) =>
  count === 0
    ? "No other device was signed in."
    : `Signed out of ${count} other ${count === 1 ? "device" : "devices"}.`;

/**
 * Change the password (needs the current one), or set a first one for accounts that only sign in
 * through an identity provider. Every other device is signed out; this one stays.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const changePassword = useChangePassword();
  const { errors, pending, onSubmit } = useSettingsForm({
    check: (form) => {
      const input = {
        ...(hasPassword ? { currentPassword: String(form.get("currentPassword") ?? "") } : {}),
        newPassword: String(form.get("newPassword") ?? ""),
      };
      const parsed = changePasswordSchema.safeParse(input);
      const fieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
      if (hasPassword && !input.currentPassword) fieldErrors.currentPassword = "Enter your current password.";
      if (!fieldErrors.newPassword && form.get("confirmPassword") !== input.newPassword) {
        fieldErrors.confirmPassword = "The two new passwords do not match.";
      }
      return Object.keys(fieldErrors).length > 0 ? { errors: fieldErrors } : { input };
    },
    save: async (input, formElement) => {
      const { signedOutSessions } = await changePassword(input);
      formElement.reset();
      showSuccess(hasPassword ? "Password changed" : "Password set", signedOutText(signedOutSessions));
    },
    failure: {
      title: hasPassword ? "Could not change your password" : "Could not set your password",
      form: "Could not change your password. Please try again.",
    },
  });

  return (
    <SettingsSection
      title={hasPassword ? "Change password" : "Set a password"}
      description={
        hasPassword
          ? "Changing it signs you out on every other device."
          : "You sign in through your identity provider. Set a password to also sign in with your username or email."
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
        aria-label={hasPassword ? "Change password" : "Set a password"}
      >
        <FormError message={errors.form} />
        <fieldset disabled={pending} className="space-y-4">
          {hasPassword ? (
            <Field label="Current password" error={errors.currentPassword}>
              {(props) => <Input {...props} name="currentPassword" type="password" autoComplete="current-password" />}
            </Field>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="New password" error={errors.newPassword} hint={`At least ${LIMITS.passwordMin} characters.`}>
              {(props) => <Input {...props} name="newPassword" type="password" autoComplete="new-password" />}
            </Field>
            <Field label="Repeat new password" error={errors.confirmPassword}>
              {(props) => <Input {...props} name="confirmPassword" type="password" autoComplete="new-password" />}
            </Field>
          </div>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : hasPassword ? "Change password" : "Set password"}
        </Button>
      </form>
    </SettingsSection>
  );
}
