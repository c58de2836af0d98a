import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type AccountUpdateInput, accountUpdateSchema } from "../../../shared/schemas/account";
import type { User } from "../../../shared/schemas/auth";
import { updateAccount } from "../../api/account";
import { ApiRequestError } from "../../api/client";
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from "../../api/field-errors";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { showError, showSuccess } from "../../ui/toast";
import { SettingsSection } from "./settings-section";

const PROFILE_FIELDS = ["firstName", "lastName", "username", "email"] as const;

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input: AccountUpdateInput = { firstName: text(form, "firstName"), lastName: text(form, "lastName") };
    // An identity-provider account may have no username or email yet; leaving them empty keeps it so.
    const username = text(form, "username");
    const email = text(form, "email");
    if (username.trim() || user.username) input.username = username;
    if (email.trim() || user.email) input.email = email;
    const parsed = accountUpdateSchema.safeParse(input);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      const saved = await updateAccount(input);
      queryClient.setQueryData(queryKeys.user, saved);
      // Show what was stored (trimmed names, lower-case email) without remounting the form.
      for (const name of PROFILE_FIELDS) {
        const input = formElement.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = saved[name] ?? "";
      }
      showSuccess("Profile saved", "Your name and sign-in details are up to date.");
    } catch (err) {
      setErrors(apiFieldErrors(err, "Could not save your profile. Please try again."));
      showError(
        "Could not save your profile",
        err instanceof ApiRequestError ? err.serverMessage : "Please check your connection and try again.",
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <SettingsSection title="Profile" description="How Onething greets you, and the names you sign in with.">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Profile">
        <FormError message={errors.form} />
        <fieldset disabled={pending} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.firstName}>
              {(props) => (
                <Input {...props} name="firstName" autoComplete="given-name" defaultValue={user.firstName ?? ""} />
              )}
            </Field>
            <Field label="Last name" error={errors.lastName}>
              {(props) => (
                <Input {...props} name="lastName" autoComplete="family-name" defaultValue={user.lastName ?? ""} />
              )}
            </Field>
          </div>
          <Field label="Username" error={errors.username} hint="Letters, digits, dot, dash and underscore.">
            {(props) => <Input {...props} name="username" autoComplete="username" defaultValue={user.username ?? ""} />}
          </Field>
          <Field label="Email" error={errors.email}>
            {(props) => (
              <Input {...props} name="email" type="email" autoComplete="email" defaultValue={user.email ?? ""} />
            )}
          </Field>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save profile"}
        </Button>
      </form>
    </SettingsSection>
  );
}
