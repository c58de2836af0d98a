import { Trans, useLingui } from "@lingui/react/macro";
import { type AccountUpdateInput, accountUpdateSchema } from "../../../shared/schemas/account";
import type { User } from "../../../shared/schemas/auth";
import { useSaveAccount } from "../../api/account";
import { zodFieldErrors } from "../../api/field-errors";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { showSuccess } from "../../ui/toast";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

const PROFILE_FIELDS = ["firstName", "lastName", "username", "email"] as const;

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export function ProfileForm({ user }: { user: User }) {
  const { t } = useLingui();
  const saveAccount = useSaveAccount();
  const { errors, pending, onSubmit } = useSettingsForm({
    check: (form) => {
      const input: AccountUpdateInput = { firstName: text(form, "firstName"), lastName: text(form, "lastName") };
      // An identity-provider account may have no username or email yet; leaving them empty keeps it so.
      const username = text(form, "username");
      const email = text(form, "email");
      if (username.trim() || user.username) input.username = username;
      if (email.trim() || user.email) input.email = email;
      const parsed = accountUpdateSchema.safeParse(input);
      return parsed.success ? { input } : { errors: zodFieldErrors(parsed.error) };
    },
    save: async (input, formElement) => {
      const saved = await saveAccount(input);
      // Show what was stored (trimmed names, lower-case email) without remounting the form.
      for (const name of PROFILE_FIELDS) {
        const input = formElement.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = saved[name] ?? "";
      }
      showSuccess(t`Profile saved`, t`Your name and sign-in details are up to date.`);
    },
    failure: { title: t`Could not save your profile`, form: t`Could not save your profile. Please try again.` },
  });

  return (
    <SettingsSection title={t`Profile`} description={t`How Onething greets you, and the names you sign in with.`}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t`Profile`}>
        <FormError message={errors.form} />
        <fieldset disabled={pending} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t`First name`} error={errors.firstName}>
              {(props) => (
                <Input {...props} name="firstName" autoComplete="given-name" defaultValue={user.firstName ?? ""} />
              )}
            </Field>
            <Field label={t`Last name`} error={errors.lastName}>
              {(props) => (
                <Input {...props} name="lastName" autoComplete="family-name" defaultValue={user.lastName ?? ""} />
              )}
            </Field>
          </div>
          <Field label={t`Username`} error={errors.username} hint={t`Letters, digits, dot, dash and underscore.`}>
            {(props) => <Input {...props} name="username" autoComplete="username" defaultValue={user.username ?? ""} />}
          </Field>
          <Field label={t`Email`} error={errors.email}>
            {(props) => (
              <Input {...props} name="email" type="email" autoComplete="email" defaultValue={user.email ?? ""} />
            )}
          </Field>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {pending ? <Trans>Saving...</Trans> : <Trans>Save profile</Trans>}
        </Button>
      </form>
    </SettingsSection>
  );
}
