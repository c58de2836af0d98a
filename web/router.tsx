import { type ComponentType, Suspense, useEffect, useState } from "react";
import { matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from "react-router";
import { withLaterWords } from "./features/language/catalogs";
import { ErrorBoundary } from "./shell/error-boundary";
import { LazyScreen, type ScreenCode, screenCode } from "./shell/lazy-screen";
import { ProtectedShell } from "./shell/protected-route";
import { ScrollRestoration } from "./shell/scroll-restoration";
import { loadOnFirstInteraction, onToasterWanted } from "./ui/sonner-loader";
import { Spinner } from "./ui/spinner";
import { useTheme } from "./ui/theme";

// Screens load on demand so the first page stays small. Loaded by the element, not by the route's
// `lazy`: `/` is two screens (landing or priority picker) that only the session tells apart
// (docs/decisions/100-react-router-declarative-mode-route-object.md).
const priorityPickerPage = screenCode(() =>
  import("./features/braindump/priority-picker-page").then((m) => m.PriorityPickerPage),
);
const focusTimerPage = screenCode(
  withLaterWords(() => import("./features/focus/focus-timer-page").then((m) => m.FocusTimerPage)),
);
const noListPage = screenCode(
  withLaterWords(() => import("./features/no-list/no-list-page").then((m) => m.NoListPage)),
);
const analyticsPage = screenCode(
  withLaterWords(() => import("./features/analytics/analytics-page").then((m) => m.AnalyticsPage)),
);
const loginPage = screenCode(() => import("./features/auth/login-page").then((m) => m.LoginPage));
const registerPage = screenCode(() => import("./features/auth/register-page").then((m) => m.RegisterPage));
const donePage = screenCode(withLaterWords(() => import("./features/done/done-page").then((m) => m.DonePage)));
const routinesPage = screenCode(
  withLaterWords(() => import("./features/routines/routines-page").then((m) => m.RoutinesPage)),
);
const closeDayPage = screenCode(
  withLaterWords(() => import("./features/day-close/close-day-page").then((m) => m.CloseDayPage)),
);
// Features do not import each other: the app puts the language's control in Settings' place for it.
const settingsPage = screenCode(
  withLaterWords(() =>
    Promise.all([import("./features/settings/settings-page"), import("./features/language/language-setting")]).then(
      ([{ SettingsPage }, { LanguageSetting }]) =>
        () => <SettingsPage languageSetting={<LanguageSetting />} />,
    ),
  ),
);
// Signed-in people never see these two: they stay out of the app's bundle.
const landingPage = screenCode(() => import("./features/landing/landing-page").then((m) => m.LandingPage));
const notFoundPage = screenCode(() => import("./shell/not-found-page").then((m) => m.NotFoundPage));

/** Loads the code of the screen at `pathname` (settles either way: a failure shows when it renders). */
export function preloadScreen(pathname: string): Promise<unknown> {
  const code = (matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined)?.screen;
  return code ? code.preload().catch(() => {}) : Promise.resolve();
}

/**
 * Mounts the toaster when the first toast is wanted (web/ui/sonner-loader.ts). Loaded into state,
 * not through lazy() and <Suspense>: React holds back content that replaces a Suspense fallback for
 * up to 300 ms, which would hold the page's first toast back just as long.
 */
function ToasterOnDemand() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    onToasterWanted(() => void import("./ui/toaster").then((m) => setToaster(() => m.AppToaster)));
    loadOnFirstInteraction();
  }, []);
  return Toaster ? <Toaster /> : null;
}

/** Around every page: the theme, the error page, scroll restoration and the toasts. */
function AppRoot() {
  const { pathname } = useLocation();
  // Keeps every page's theme in step with the system and with other tabs (it listens while mounted).
  useTheme();
  return (
    <>
      <ErrorBoundary scope="page" resetKey={pathname}>
        <Suspense fallback={<Spinner className="min-h-dvh" />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <ScrollRestoration />
      <ToasterOnDemand />
    </>
  );
}

type ScreenHandle = { screen: ScreenCode };
/** A route showing one lazily loaded screen (its code in `handle`, for preloadScreen). */
const screen = (path: string | null, code: ScreenCode): RouteObject => ({
  ...(path === null ? { index: true } : { path }),
  element: <LazyScreen code={code} />,
  handle: { screen: code } satisfies ScreenHandle,
});

/** The product's route table (declarative routes: docs/decisions/100-react-router-declarative-mode-route-object.md). */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      screen("/login", loginPage),
      screen("/register", registerPage),
      {
        element: <ProtectedShell signedOutHome={<LazyScreen code={landingPage} />} />,
        children: [
          screen(null, priorityPickerPage),
          screen("/braindump", priorityPickerPage),
          screen("/focus-timer", focusTimerPage),
          screen("/no-list", noListPage),
          screen("/analytics", analyticsPage),
          screen("/done", donePage),
          screen("/settings", settingsPage),
          screen("/routines", routinesPage),
          screen("/close", closeDayPage),
        ],
      },
      screen("*", notFoundPage),
    ],
  },
];

/** Every page of the app, by the route table (inside a <BrowserRouter>). */
export function AppRoutes() {
  return useRoutes(routes);
}
