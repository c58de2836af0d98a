import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import type { Root } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./api/query-client";
import { offlineFallback, restorePersistedQueries } from "./api/query-persistence";
import { showLanguage } from "./features/language/shown-language";
import type { SignedInStart } from "./first-screen";
import { AppRoutes, preloadScreen } from "./router";

/** The whole app: router, data layer and every screen (loaded after the first paint bundle). */
export async function renderApp(root: Root, start: SignedInStart) {
  const queryClient = createQueryClient();
  // Without its words the screen would show their ids: it waits for them (asked for with its code).
  await start.words.catch(() => {});
  showLanguage(start.language);
  if (start.screenCode) {
    // The screen's code was asked for with the app's (web/first-screen.ts), so it is here or nearly:
    // rendering once it is shows the screen at once, rather than a spinner first.
    await start.screenCode;
    await preloadScreen(window.location.pathname);
  }
  // The last known answers first (offline they are all there is); fresh ones replace them.
  await restorePersistedQueries(queryClient);
  for (const { key, promise, answer } of start.early) {
    // Reads already back go in now, so the first render shows them; the others when they arrive.
    // Offline, a restored answer stands in for a read that could not be made.
    if (answer) queryClient.setQueryData(key, answer.data);
    else void queryClient.prefetchQuery({ queryKey: key, queryFn: () => offlineFallback(promise, queryClient, key) });
  }
  // Rendered as a transition, so React builds the first screen in short slices instead of one long
  // task that would keep the page from answering a tap
  // (docs/decisions/120-signed-first-screen-carries-waits.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            {/* Without transitions: a navigation renders at once, so a sign-out and its move to the landing
            page land in one render (web/features/settings/delete-account-section.tsx); a screen whose
            code is still loading shows its spinner inside the shell. */}
            <BrowserRouter useTransitions={false}>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
}
