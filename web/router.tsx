import { lazy, Suspense } from "react";
import { createBrowserRouter, Outlet } from "react-router";
import { Toaster } from "sonner";
import { useCurrentUser } from "./api/auth";
import { LandingPage } from "./features/landing/landing-page";
import { AppShell } from "./shell/app-shell";
import { RouteErrorPage } from "./shell/error-boundary";
import { NotFoundPage } from "./shell/not-found-page";
import { ProtectedRoute } from "./shell/protected-route";
import { useTheme } from "./shell/theme";
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

/** Spec §9 toasts: one at a time, 5 s, swipe right to dismiss, F8 focuses the region. */
function RootLayout() {
  const { theme } = useTheme();
  return (
    <>
      <Suspense fallback={<Spinner className="min-h-dvh" />}>
        <Outlet />
      </Suspense>
      <Toaster
        theme={theme}
        position="top-right"
        visibleToasts={1}
        duration={5000}
        swipeDirections={["right"]}
        hotkey={["F8"]}
        richColors
        closeButton
        toastOptions={{ style: { maxWidth: "420px" } }}
      />
    </>
  );
}

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

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: "login", element: <LoginPage /> },
      { path: "register", element: <RegisterPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: "braindump", element: <PriorityPickerPage /> },
          { path: "focus-timer", element: <FocusTimerPage /> },
          { path: "no-list", element: <NoListPage /> },
          { path: "analytics", element: <AnalyticsPage /> },
          { path: "settings", element: <SettingsPage /> },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
