import { Trans } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { unchanging } from "./hydrated";

const thisYear = () => new Date().getFullYear();
/**
 * The year the build was made (vite.config.ts): what the landing page prerendered at build time says,
 * so hydrating it matches even after New Year (docs/decisions/166-landing-prerendered-at-build.md).
 */
const buildYear = () => Number(import.meta.env.VITE_BUILD_YEAR) || thisYear();

export function Footer() {
  const year = useSyncExternalStore(unchanging, thisYear, buildYear);
  return (
    <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <Trans>© {year} Onething — all rights reserved.</Trans>
    </footer>
  );
}
