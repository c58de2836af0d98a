import { Settings } from "lucide-react";
import { Link } from "react-router";
import { logout, useCurrentUser } from "../api/auth";
import { StartFreshButton } from "../features/braindump/start-fresh-button";
import { buttonClasses } from "../ui/button";
import { Logo } from "./logo";
import { NavTabs } from "./nav-tabs";
import { ThemeToggle } from "./theme-toggle";

export function Header() {
  const { isAuthenticated } = useCurrentUser();
  return (
    <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-900/80">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3">
        <div className="flex items-center justify-between gap-2">
          <Logo />
          <div className="flex items-center gap-1">
            {isAuthenticated ? <StartFreshButton /> : null}
            {isAuthenticated ? (
              <Link to="/settings" className={buttonClasses("ghost", "icon")} aria-label="Settings" title="Settings">
                <Settings aria-hidden="true" className="h-5 w-5" />
              </Link>
            ) : null}
            <ThemeToggle />
            {isAuthenticated ? (
              <a
                href="/api/logout"
                className={buttonClasses("ghost", "sm")}
                onClick={(event) => {
                  event.preventDefault();
                  void logout();
                }}
              >
                Logout
              </a>
            ) : null}
          </div>
        </div>
        {isAuthenticated ? <NavTabs /> : null}
      </div>
    </header>
  );
}
