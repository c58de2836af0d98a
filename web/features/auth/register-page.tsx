import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LIMITS } from "../../../shared/constants";
import { registerSchema } from "../../../shared/schemas/auth";
import { register, useCurrentUser } from "../../api/auth";
import type { FieldErrors } from "../../api/field-errors";
import { browserTimeZone } from "../../api/time-zone";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { AuthLayout, OtherWaysIn } from "./auth-layout";
import { ReturnToWantedPage } from "./return-to";
import { useAuthForm } from "./use-auth-form";

/** A 409 names the field that is taken: show it there. */
function placeTakenError(errors: FieldErrors): FieldErrors {
  const { form, ...fields } = errors;
  const message = form?.toLowerCase() ?? "";
  const field = message.includes("username") ? "username" : message.includes("email") ? "email" : null;
  return form && field ? { ...fields, [field]: form } : errors;
}

export function RegisterPage() {
  const { t } = useLingui();
  const passwordMin = LIMITS.passwordMin;
  const passwordHint = plural(passwordMin, { one: "At least # character.", other: "At least # characters." });
  const { isAuthenticated } = useCurrentUser();
  const { errors, pending, onSubmit } = useAuthForm({
    parse: (form) =>
      registerSchema.safeParse({
        username: form.get("username"),
        email: form.get("email"),
        password: form.get("password"),
        timeZone: browserTimeZone(),
      }),
    send: register,
    failure: t`Could not create your account. Please try again.`,
    placeErrors: placeTakenError,
  });

  if (isAuthenticated) return <ReturnToWantedPage />;

  return (
    <AuthLayout title={t`Create your account`}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormError message={errors.form} />
        <Field label={t`Username`} error={errors.username} hint={t`Letters, digits, dot, dash and underscore.`}>
          {(props) => <Input {...props} name="username" autoComplete="username" required />}
        </Field>
        <Field label={t`Email`} error={errors.email}>
          {(props) => <Input {...props} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field label={t`Password`} error={errors.password} hint={passwordHint}>
          {(props) => <Input {...props} name="password" type="password" autoComplete="new-password" required />}
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? <Trans>Creating account...</Trans> : <Trans>Create account</Trans>}
        </Button>
      </form>
      <OtherWaysIn question={t`Already have an account?`} to="/login" linkText={t`Sign in`} />
    </AuthLayout>
  );
}
