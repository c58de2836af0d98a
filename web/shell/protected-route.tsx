import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useEffect } from "react";
import { Outlet, useLocation, useMatch } from "react-router";
import { useCurrentUser } from "../api/auth";
import { readSessionEnd } from "../api/session-end";
import { rememberReturnTo } from "../features/auth/return-to";
import { useAccountLanguage } from "../features/language/follow-account-language";
import { Spinner } from "../ui/spinner";
import { AppShell } from "./app-shell";

/** Signed out, a protected page starts the sign-in flow (a full page load) and remembers itself for after it. */
function StartSignIn() {
  const location = useLocation();
  useEffect(() => {
    rememberReturnTo(location);
    window.location.assign("/api/login");
  }, [location]);
  return null;
}

/**
 * The protected shell around the nested screens: a spinner while the session is checked, and
 * signed out, the sign-in flow with nothing rendered (`/` shows `signedOutHome` instead).
 */
export function ProtectedShell({ signedOutHome }: { signedOutHome: ReactNode }) {
  const { t } = useLingui();
  const { user, isLoading, isAuthenticated } = useCurrentUser();
  useAccountLanguage(user?.language);
  const isHome = useMatch("/") !== null;
  if (isLoading) return <Spinner className="min-h-dvh" label={t`Checking your session`} />;
  // Signed out from elsewhere for a reason to tell (a password change): the sign-in screen says it,
  // from the home page too (docs/product.md#signed-out-by-a-password-change).
  if (!isAuthenticated) return isHome && readSessionEnd() === null ? signedOutHome : <StartSignIn />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
