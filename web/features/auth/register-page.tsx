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
    failure: "Could not create your account. Please try again.",
    placeErrors: placeTakenError,
  });

  if (isAuthenticated) return <ReturnToWantedPage />;

  return (
    <AuthLayout title="Create your account">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormError message={errors.form} />
        <Field label="Username" error={errors.username} hint="Letters, digits, dot, dash and underscore.">
          {(props) => <Input {...props} name="username" autoComplete="username" required />}
        </Field>
        <Field label="Email" error={errors.email}>
          {(props) => <Input {...props} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field label="Password" error={errors.password} hint={`At least ${LIMITS.passwordMin} characters.`}>
          {(props) => <Input {...props} name="password" type="password" autoComplete="new-password" required />}
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Creating account..." : "Create account"}
        </Button>
      </form>
      <OtherWaysIn question="Already have an account?" to="/login" linkText="Sign in" />
    </AuthLayout>
  );
}
