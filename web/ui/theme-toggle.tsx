import { useLingui } from "@lingui/react/macro";
import { Moon, Sun } from "lucide-react";
import { Button } from "./button";
import { useHydrated } from "./hydrated";
import { useTheme } from "./theme";

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useLingui();
  const { theme, toggle } = useTheme();
  const name = theme === "dark" ? t`Switch to light theme` : t`Switch to dark theme`;
  // Prerendered on the landing page: it works once the page's code has taken the HTML over.
  const hydrated = useHydrated();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      onClick={toggle}
      disabled={!hydrated}
      aria-label={name}
      title={name}
    >
      {theme === "dark" ? (
        <Sun aria-hidden="true" className="h-5 w-5" />
      ) : (
        <Moon aria-hidden="true" className="h-5 w-5" />
      )}
    </Button>
  );
}
