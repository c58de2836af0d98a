import { useLingui } from "@lingui/react/macro";
import { Sparkles, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { cn } from "../../ui/cn";

// The panel (dialog, form, list, API calls) loads on first use: only this button is in the first bundle.
const loadPanel = () => import("./suggestion-panel");
const SuggestionPanel = lazy(() => loadPanel().then((m) => ({ default: m.SuggestionPanel })));

/**
 * The floating AI suggestion widget of docs/product.md#ai-suggestion-widget: a round button in the bottom right that opens a
 * panel. Rendered in the header's button row: below 640 px it stays there as an icon button, since
 * on a phone anything floating would cover the page's own controls; from 640 px it floats.
 */
export function SuggestionWidget({ loadWords }: { loadWords: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  // This button is on every signed-in screen, the first one too, but its words and the panel's are
  // in the header part (web/features/language/catalog-parts.ts): asked for once the screen is shown.
  const language = i18n.locale;
  useEffect(() => {
    if (language) loadWords().catch(() => {});
  }, [language, loadWords]);
  const [open, setOpen] = useState(false);
  // Keeps the panel mounted after the first open, so the prompt and the list survive closing it.
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={open ? t`Close AI task suggestions` : t`Open AI task suggestions`}
        aria-expanded={open}
        aria-haspopup="dialog"
        title={t`AI Task Suggestions`}
        data-suggestion-toggle=""
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen((value) => !value);
        }}
        className={cn(
          "flex h-9 w-9 items-center justify-center rounded-lg transition-colors",
          "sm:fixed sm:end-6 sm:bottom-[max(1.5rem,env(safe-area-inset-bottom))] sm:z-40 sm:h-14 sm:w-14 sm:rounded-full sm:shadow-lg",
          "bg-brand-600 text-white hover:bg-brand-700 dark:ring-1 dark:ring-white/25 dark:hover:bg-brand-500",
        )}
      >
        {open ? (
          <X aria-hidden="true" className="h-5 w-5 sm:h-6 sm:w-6" />
        ) : (
          <Sparkles aria-hidden="true" className="h-5 w-5 sm:h-6 sm:w-6" />
        )}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <SuggestionPanel open={open} onOpenChange={setOpen} returnFocus={() => buttonRef.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
