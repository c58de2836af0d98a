import { Trans } from "@lingui/react/macro";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button, buttonClasses } from "../ui/button";

/** What anyone sees when a screen fails to render: what happened and two ways on, never a blank page. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        <Trans>This screen could not be shown. Your tasks are safe; try again, or go back to your priorities.</Trans>
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
        {/* A full load, not a client navigation: the failure may be a stale bundle after a deploy. */}
        <a href="/" className={buttonClasses("outline")}>
          <Trans>Back to Braindump & Prioritize</Trans>
        </a>
      </div>
    </div>
  );
}

type BoundaryProps = {
  children: ReactNode;
  /** Moving to another screen (a new key) clears the error. */
  resetKey: string;
  /** "screen": inside the shell, so the header and the tabs stay usable; "page": the last resort, a full page. */
  scope: "screen" | "page";
};

/** Catches a render error below it and shows what happened with two ways on, never a blank page. */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // words-ok: a console line for developers
    console.error(`${this.props.scope === "page" ? "Page" : "Screen"} failed to render`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // A reload, not a re-render: a lazy screen whose chunk failed to load stays failed until then.
    const fallback = <ErrorFallback onRetry={() => window.location.reload()} />;
    if (this.props.scope === "screen") return fallback;
    return <main className="flex min-h-dvh items-center justify-center px-4">{fallback}</main>;
  }
}
