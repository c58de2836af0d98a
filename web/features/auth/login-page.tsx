import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { SESSION_END_TEXT } from "../../../shared/live-protocol";
import { loginSchema } from "../../../shared/schemas/auth";
import { login, useCurrentUser } from "../../api/auth";
import { setAuthToken } from "../../api/client";
import type { FieldErrors } from "../../api/field-errors";
import { forgetSessionEnd, readSessionEnd } from "../../api/session-end";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { Spinner } from "../../ui/spinner";
import { AuthLayout, OtherWaysIn } from "./auth-layout";
import { readOidcReturn } from "./oidc-return";
import { ReturnToWantedPage } from "./return-to";
import { sharedTextWaiting } from "./shared-text-waiting";
import { useAuthForm } from "./use-auth-form";

export function LoginPage() {
  const { t } = useLingui();
  const { isAuthenticated } = useCurrentUser();
  const queryClient = useQueryClient();
  // The identity-provider callback lands here with `#token=...` or `#error=<code>`.
  const [oidcReturn] = useState(() => readOidcReturn(window.location.hash));
  const { errors, pending, onSubmit } = useAuthForm({
    parse: (form) => loginSchema.safeParse({ login: form.get("login"), password: form.get("password") }),
    send: login,
    failure: t`Could not sign in. Please try again.`,
    initialErrors: (): FieldErrors => (oidcReturn?.kind === "error" ? { form: oidcReturn.message } : {}),
  });
  const [tokenStored, setTokenStored] = useState(false);
  const [sessionEnd] = useState(readSessionEnd);
  const [shareWaiting] = useState(sharedTextWaiting);
  useEffect(forgetSessionEnd, []);

  useEffect(() => {
    if (!oidcReturn) return;
    // Drop the fragment at once, so the token stays neither in the address bar nor in history.
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    if (oidcReturn.kind !== "token") return;
    setAuthToken(oidcReturn.token);
    queryClient.clear();
    setTokenStored(true);
  }, [oidcReturn, queryClient]);

  if (isAuthenticated || tokenStored) return <ReturnToWantedPage />;
  if (oidcReturn?.kind === "token") return <Spinner className="min-h-dvh" label={t`Signing you in`} showLabel />;

  return (
    <AuthLayout title={t`Sign in`}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {sessionEnd ? (
          <p
            role="status"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {t(SESSION_END_TEXT[sessionEnd])}
          </p>
        ) : null}
        {shareWaiting ? (
          <p
            role="status"
            className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800 dark:bg-indigo-950/50 dark:text-slate-100"
          >
            {/* docs/product.md#quick-capture: a share that arrived signed out is kept for after the sign-in. */}
            <Trans>What you shared is waiting: sign in and it goes into your braindump.</Trans>
          </p>
        ) : null}
        <FormError message={errors.form} />
        <Field label={t`Username or email`} error={errors.login}>
          {(props) => <Input {...props} name="login" autoComplete="username" required />}
        </Field>
        <Field label={t`Password`} error={errors.password}>
          {(props) => <Input {...props} name="password" type="password" autoComplete="current-password" required />}
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? <Trans>Signing in...</Trans> : <Trans>Sign in</Trans>}
        </Button>
      </form>
      <OtherWaysIn question={t`New to Onething?`} to="/register" linkText={t`Create an account`} />
    </AuthLayout>
  );
}
