import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { LogOut, Settings } from "lucide-react";
import { Link } from "react-router";
import type { Language } from "../../shared/languages";
import { logout, useCurrentUser } from "../api/auth";
import { StartFreshButton } from "../features/braindump/start-fresh-button";
import { loadCatalog } from "../features/language/catalogs";
import { OfflineBadge } from "../features/offline/offline-badge";
import { SyncStatus } from "../features/offline/sync-status";
import { SuggestionWidget } from "../features/suggestions/suggestion-widget";
import { buttonClasses } from "../ui/button";
import { cn } from "../ui/cn";
import { Logo } from "../ui/logo";
import { ThemeToggle } from "../ui/theme-toggle";
import { NavTabs } from "./nav-tabs";

/** The shown language's words of the suggestion widget's button and panel (not the later part). */
const loadHeaderWords = () => loadCatalog(i18n.locale as Language, "header");

export function Header() {
  const { t } = useLingui();
  const { isAuthenticated } = useCurrentUser();
  return (
    // No backdrop filter: it would make the header the containing block of the AI button, which
    // floats over the page from 640 px (it sits in this row below that).
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-3 py-3 sm:px-4">
        <div>
          <div className="flex items-center justify-between gap-2">
            <Logo compact={isAuthenticated} />
            {/* Below 640 px the header's buttons are icons with a name and a tooltip, so they fit on
              one line down to 320 px; nothing floats over the page there. */}
            <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
              {/* Signed in, a phone says it on the line below (SyncStatus). */}
              <OfflineBadge className={isAuthenticated ? "max-sm:hidden" : undefined} />
              {isAuthenticated ? <SuggestionWidget loadWords={loadHeaderWords} /> : null}
              {isAuthenticated ? <StartFreshButton place="header" /> : null}
              {isAuthenticated ? (
                <Link
                  to="/settings"
                  className={buttonClasses("ghost", "icon")}
                  aria-label={t`Settings`}
                  title={t`Settings`}
                >
                  <Settings aria-hidden="true" className="h-5 w-5" />
                </Link>
              ) : null}
              {/* Signed in, a phone's header keeps four controls: the theme is chosen in Settings
                there (docs/decisions/354-a-phone-s-header-keeps-four-controls.md). */}
              <ThemeToggle className={isAuthenticated ? "max-sm:hidden" : undefined} />
              {isAuthenticated ? (
                <a
                  href="/api/logout"
                  className={cn(buttonClasses("ghost", "sm"), "px-2.5 sm:px-3")}
                  title={t`Logout`}
                  onClick={(event) => {
                    event.preventDefault();
                    void logout();
                  }}
                >
                  <LogOut aria-hidden="true" className="h-4 w-4 sm:hidden rtl:-scale-x-100" />
                  <span className="sr-only sm:not-sr-only">
                    <Trans>Logout</Trans>
                  </span>
                </a>
              ) : null}
            </div>
          </div>
          {isAuthenticated ? <SyncStatus /> : null}
        </div>
        {isAuthenticated ? <NavTabs /> : null}
      </div>
    </header>
  );
}
