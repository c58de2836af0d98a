import { Trans } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useAuthProviders } from "../../api/auth";
import { browserTimeZone } from "../../api/time-zone";
import { buttonClasses } from "../../ui/button";
import { cn } from "../../ui/cn";

/** The way to the hosted identity provider, shown only when the server has one configured. */
export function IdentityProviderSignIn() {
  const { data } = useAuthProviders();
  if (!data?.oidc) return null;
  const timeZone = browserTimeZone();
  // A full-page navigation (docs/product.md#signing-in-and-access): the server redirects on to the provider.
  const href = timeZone ? `/api/login?timeZone=${encodeURIComponent(timeZone)}` : "/api/login";
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        <Trans context="between two ways to sign in">or</Trans>
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      {/* Grows instead of clipping when the label wraps on a narrow screen. */}
      <a href={href} className={cn(buttonClasses("outline"), "mt-6 min-h-10 w-full py-2 text-center h-auto!")}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        <Trans>Continue with your identity provider</Trans>
      </a>
    </div>
  );
}
