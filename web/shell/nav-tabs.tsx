import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";
import { cn } from "../ui/cn";

/**
 * docs/product.md#the-shell: the six tabs (routines and Done among them, so a new person finds them:
 * docs/decisions/345-routines-and-done-are-tabs.md); a path that matches none highlights the
 * priority-picker tab.
 */
export const NAV_TABS = [
  { label: msg`Braindump & Prioritize`, short: msg({ message: "Braindump", context: "a tab's short name" }), to: "/" },
  { label: msg`Focus Timer`, short: msg({ message: "Focus", context: "a tab's short name" }), to: "/focus-timer" },
  { label: msg`"No" List`, short: msg({ message: '"No" List', context: "a tab's short name" }), to: "/no-list" },
  { label: msg`Routines`, short: msg({ message: "Routines", context: "a tab's short name" }), to: "/routines" },
  {
    label: msg({ message: "Done", context: "the tab of done tasks" }),
    short: msg({ message: "Done", context: "a tab's short name" }),
    to: "/done",
  },
  { label: msg`Analytics`, short: msg({ message: "Analytics", context: "a tab's short name" }), to: "/analytics" },
] as const;

export function activeTab(pathname: string): string {
  const match = NAV_TABS.find((tab) => tab.to !== "/" && (pathname === tab.to || pathname.startsWith(`${tab.to}/`)));
  return match?.to ?? "/";
}

export function NavTabs() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const active = activeTab(pathname);
  return (
    // Below 640 px the six tabs are two rows of three, so all six are on screen at 360 px; below 768 px
    // they show short labels (the full one stays their name), so one row fits from 640 px. The
    // braindump's outline in web/index.html is as tall.
    <nav aria-label={t({ message: "Main", context: "the main navigation" })}>
      <ul className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:w-max dark:bg-slate-800/70">
        {NAV_TABS.map((tab) => {
          const isActive = tab.to === active;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  // py-2.5 with text-xs keeps the bar as tall as with text-sm (the first-paint outline's height).
                  "block rounded-lg px-1 py-2.5 text-center text-xs font-medium whitespace-nowrap transition-colors sm:px-3 sm:py-2 sm:text-sm",
                  isActive
                    ? "bg-white text-brand-700 shadow-sm dark:bg-slate-900 dark:text-brand-100"
                    : "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                )}
              >
                <span aria-hidden="true" className="md:hidden">
                  {t(tab.short)}
                </span>
                <span className="max-md:sr-only">{t(tab.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
