import { Trans } from "@lingui/react/macro";
import { type ReactNode, Suspense } from "react";
import { useLocation } from "react-router";
import { useDayRollover } from "../api/day-rollover";
import { useLiveSync } from "../api/live-channel";
import { useOutboxOnOpen } from "../api/outbox-on-open";
import { Footer } from "../ui/footer";
import { Spinner } from "../ui/spinner";
import { ErrorBoundary } from "./error-boundary";
import { Header } from "./header";

/** The signed-in shell: header with navigation, the content, the AI widget and the footer. */
export function AppShell({ children }: { children: ReactNode }) {
  useLiveSync();
  useOutboxOnOpen();
  useDayRollover();
  const { pathname } = useLocation();
  return (
    // From 640 px the suggestion button floats bottom right: the padding keeps it off the last content and the footer.
    <div className="flex min-h-dvh flex-col sm:pb-24">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
        <ErrorBoundary scope="screen" resetKey={pathname}>
          <Suspense fallback={<Spinner className="py-24" />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
