import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useCurrentUser } from "./api/auth";
import { AppShell } from "./shell/app-shell";
import { PageErrorBoundary } from "./shell/error-boundary";
import { useLocation } from "./shell/navigation";
import { ProtectedRoute } from "./shell/protected-route";
import { useTheme } from "./shell/theme";
import { onToasterWanted } from "./ui/sonner-loader";
import { Spinner } from "./ui/spinner";

// Screens load on demand so the first page stays small.
const PriorityPickerPage = lazy(() =>
  import("./features/braindump/priority-picker-page").then((m) => ({ default: m.PriorityPickerPage })),
);
const FocusTimerPage = lazy(() =>
  import("./features/focus/focus-timer-page").then((m) => ({ default: m.FocusTimerPage })),
);
const NoListPage = lazy(() => import("./features/no-list/no-list-page").then((m) => ({ default: m.NoListPage })));
const AnalyticsPage = lazy(() =>
  import("./features/analytics/analytics-page").then((m) => ({ default: m.AnalyticsPage })),
);
const LoginPage = lazy(() => import("./features/auth/login-page").then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import("./features/auth/register-page").then((m) => ({ default: m.RegisterPage })));
const SettingsPage = lazy(() => import("./features/settings/settings-page").then((m) => ({ default: m.SettingsPage })));
// Signed-in people never see these two: they stay out of the app's bundle.
const LandingPage = lazy(() => import("./features/landing/landing-page").then((m) => ({ default: m.LandingPage })));
const NotFoundPage = lazy(() => import("./shell/not-found-page").then((m) => ({ default: m.NotFoundPage })));
// Toasts: sonner loads with the first toast (web/ui/sonner-loader.ts).
const AppToaster = lazy(() => import("./ui/toaster").then((m) => ({ default: m.AppToaster })));

/** Screens that need a session, by path. */
const PROTECTED: Record<string, () => ReactNode> = {
  "/braindump": () => <PriorityPickerPage />,
  "/focus-timer": () => <FocusTimerPage />,
  "/no-list": () => <NoListPage />,
  "/analytics": () => <AnalyticsPage />,
  "/settings": () => <SettingsPage />,
};

/** `/`: the priority picker when signed in, the landing page otherwise. */
function HomeRoute() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  if (isLoading) return <Spinner className="min-h-dvh" label="Checking your session" />;
  if (!isAuthenticated) return <LandingPage />;
  return (
    <AppShell>
      <PriorityPickerPage />
    </AppShell>
  );
}

/** The screen for a path (case and a trailing slash do not matter). */
function routeFor(pathname: string): ReactNode {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  if (path === "/") return <HomeRoute />;
  if (path === "/login") return <LoginPage />;
  if (path === "/register") return <RegisterPage />;
  const screen = PROTECTED[path];
  if (screen) return <ProtectedRoute>{screen()}</ProtectedRoute>;
  return <NotFoundPage />;
}

/** Mounts the toaster when the first toast is sent. */
function ToasterOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** Every page of the app, with the toasts (spec §9 settings in web/ui/toaster.tsx). */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Keeps every page's theme in step with the system and with other tabs (it listens while mounted).
  useTheme();
  return (
    <>
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Spinner className="min-h-dvh" />}>{routeFor(pathname)}</Suspense>
      </PageErrorBoundary>
      <ToasterOnDemand />
    </>
  );
}
