import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/**
 * Where a signed-out person wanted to go, kept across the sign-in flow's full page loads (the
 * identity provider's round trip included) in this tab's session storage, so that signing in
 * returns there (docs/decisions/101-signing-returns-page-asked-through-session.md).
 */
export const RETURN_TO_KEY = "return-to";

type Place = { pathname: string; search: string; hash: string };

/** Only a path of this app that is not a sign-in page itself (never another origin: no open redirect). */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  const url = new URL(value, "https://app.invalid");
  if (url.origin !== "https://app.invalid") return null;
  if (/^\/(login|register|api)(\/|$)/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function rememberReturnTo({ pathname, search, hash }: Place) {
  try {
    sessionStorage.setItem(RETURN_TO_KEY, `${pathname}${search}${hash}`);
  } catch {
    // Storage blocked: signing in lands on the priorities, as it would without this.
  }
}

/** The remembered page (forgotten once read), else `/`. */
export function takeReturnTo(): string {
  try {
    const stored = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
    return safeReturnPath(stored) ?? "/";
  } catch {
    return "/";
  }
}

/** Once signed in: goes to the remembered page (or `/`), replacing the sign-in page in history. */
export function ReturnToWantedPage() {
  const navigate = useNavigate();
  // Once per mount, also where React runs effects twice in development.
  const gone = useRef(false);
  useEffect(() => {
    if (gone.current) return;
    gone.current = true;
    void navigate(takeReturnTo(), { replace: true });
  }, [navigate]);
  return null;
}
