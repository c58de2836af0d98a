import { Link, useLocation } from "react-router";
import { cn } from "../ui/cn";

/** Spec §2: the four tabs; a path that matches none highlights the priority-picker tab. */
export const NAV_TABS = [
  { label: "Braindump & Prioritize", to: "/" },
  { label: "Focus Timer", to: "/focus-timer" },
  { label: '"No" List', to: "/no-list" },
  { label: "Analytics", to: "/analytics" },
] as const;

export function activeTab(pathname: string): string {
  const match = NAV_TABS.find((tab) => tab.to !== "/" && (pathname === tab.to || pathname.startsWith(`${tab.to}/`)));
  return match?.to ?? "/";
}

export function NavTabs() {
  const { pathname } = useLocation();
  const active = activeTab(pathname);
  return (
    <nav aria-label="Main" className="overflow-x-auto">
      <ul className="flex min-w-max gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800/70">
        {NAV_TABS.map((tab) => {
          const isActive = tab.to === active;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                  isActive
                    ? "bg-white text-brand-700 shadow-sm dark:bg-slate-900 dark:text-brand-100"
                    : "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
