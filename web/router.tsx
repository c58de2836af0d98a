import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useCurrentUser } from "./api/auth";
import { AppShell } from "./shell/app-shell";
import { PageErrorBoundary } from "./shell/error-boundary";
import { LazyScreen, type ScreenCode, screenCode } from "./shell/lazy-screen";
import { useLocation } from "./shell/navigation";
import { ProtectedRoute } from "./shell/protected-route";
import { useTheme } from "./shell/theme";
import { loadOnFirstInteraction, onToasterWanted } from "./ui/sonner-loader";
import { Spinner } from "./ui/spinner";

// Screens load on demand so the first page stays small.
const priorityPickerPage = screenCode(() =>
  import("./features/braindump/priority-picker-page").then((m) => m.PriorityPickerPage),
);
const focusTimerPage = screenCode(() => import("./features/focus/focus-timer-page").then((m) => m.FocusTimerPage));
const noListPage = screenCode(() => import("./features/no-list/no-list-page").then((m) => m.NoListPage));
const analyticsPage = screenCode(() => import("./features/analytics/analytics-page").then((m) => m.AnalyticsPage));
const loginPage = screenCode(() => import("./features/auth/login-page").then((m) => m.LoginPage));
const registerPage = screenCode(() => import("./features/auth/register-page").then((m) => m.RegisterPage));
const settingsPage = screenCode(() => import("./features/settings/settings-page").then((m) => m.SettingsPage));
// Signed-in people never see these two: they stay out of the app's bundle.
const landingPage = screenCode(() => import("./features/landing/landing-page").then((m) => m.LandingPage));
const notFoundPage = screenCode(() => import("./shell/not-found-page").then((m) => m.NotFoundPage));
// Toasts: sonner loads with the first toast (web/ui/sonner-loader.ts).
const AppToaster = lazy(() => import("./ui/toaster").then((m) => ({ default: m.AppToaster })));

/** Screens that need a session, by path. */
const PROTECTED: Record<string, ScreenCode> = {
  "/braindump": priorityPickerPage,
  "/focus-timer": focusTimerPage,
  "/no-list": noListPage,
  "/analytics": analyticsPage,
  "/settings": settingsPage,
};

/** A path as the routes compare it: case and a trailing slash do not matter. */
const routePath = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, "") || "/";

/** Loads the code of the signed-in screen at `pathname` (settles either way: a failure shows when it renders). */
export function preloadScreen(pathname: string): Promise<unknown> {
  const path = routePath(pathname);
  const screen = path === "/" ? priorityPickerPage : PROTECTED[path];
  return screen ? screen.preload().catch(() => {}) : Promise.resolve();
}

/** `/`: the priority picker when signed in, the landing page otherwise. */
function HomeRoute() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  if (isLoading) return <Spinner className="min-h-dvh" label="Checking your session" />;
  if (!isAuthenticated) return <LazyScreen code={landingPage} />;
  return (
    <AppShell>
      <LazyScreen code={priorityPickerPage} />
    </AppShell>
  );
}

/** The screen for a path. */
function routeFor(pathname: string): ReactNode {
  const path = routePath(pathname);
  if (path === "/") return <HomeRoute />;
  if (path === "/login") return <LazyScreen code={loginPage} />;
  if (path === "/register") return <LazyScreen code={registerPage} />;
  const screen = PROTECTED[path];
  if (screen)
    return (
      <ProtectedRoute>
        <LazyScreen code={screen} />
      </ProtectedRoute>
    );
  return <LazyScreen code={notFoundPage} />;
}

/** Mounts the toaster when the first toast is sent. */
function ToasterOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onToasterWanted(() => setWanted(true));
    loadOnFirstInteraction();
  }, []);
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
