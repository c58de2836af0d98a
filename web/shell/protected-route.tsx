import { type ReactNode, useEffect } from "react";
import { useCurrentUser } from "../api/auth";
import { Spinner } from "../ui/spinner";
import { AppShell } from "./app-shell";

/** Spec §2: a spinner while auth loads; signed out starts the login flow and renders nothing. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useCurrentUser();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) window.location.assign("/api/login");
  }, [isLoading, isAuthenticated]);
  if (isLoading) return <Spinner className="min-h-dvh" label="Checking your session" />;
  if (!isAuthenticated) return null;
  return <AppShell>{children}</AppShell>;
}
