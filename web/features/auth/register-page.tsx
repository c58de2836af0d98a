import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { LIMITS } from "../../../shared/constants";
import { registerSchema } from "../../../shared/schemas/auth";
import { register, useCurrentUser, useSignIn } from "../../api/auth";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { AuthLayout } from "./auth-layout";
import { browserTimeZone } from "./browser-time-zone";
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from "./field-errors";
import { IdentityProviderSignIn } from "./identity-provider-sign-in";
import { ReturnToWantedPage } from "./return-to";

export function RegisterPage() {
  const { isAuthenticated } = useCurrentUser();
  const signIn = useSignIn();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  if (isAuthenticated) return <ReturnToWantedPage />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = registerSchema.safeParse({
      username: form.get("username"),
      email: form.get("email"),
      password: form.get("password"),
      timeZone: browserTimeZone(),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      // Signed in: the next render returns to the page that asked for it.
      signIn(await register(parsed.data));
    } catch (err) {
      const fieldErrors = apiFieldErrors(err, "Could not create your account. Please try again.");
      // A 409 names the field that is taken.
      if (fieldErrors.form?.toLowerCase().includes("username")) fieldErrors.username = fieldErrors.form;
      else if (fieldErrors.form?.toLowerCase().includes("email")) fieldErrors.email = fieldErrors.form;
      if (fieldErrors.username || fieldErrors.email) delete fieldErrors.form;
      setErrors(fieldErrors);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthLayout title="Create your account">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {errors.form ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {errors.form}
          </p>
        ) : null}
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
      <IdentityProviderSignIn />
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-brand-700 underline dark:text-brand-100">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
