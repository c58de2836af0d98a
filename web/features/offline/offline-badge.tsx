import { Trans, useLingui } from "@lingui/react/macro";
import { WifiOff } from "lucide-react";
import { cn } from "../../ui/cn";
import { useOnline } from "./use-online";

/**
 * Says the app is offline: what is shown is the last known data, and changes made now are kept on
 * the device and synced later (docs/product.md#offline). A live region, so a screen reader hears it
 * when the network goes.
 */
export function OfflineBadge({ className, words = false }: { className?: string; words?: boolean }) {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <output aria-live="polite" className="contents">
      {online ? null : (
        <span
          className={cn(
            "me-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-1.5 py-1 sm:px-2 sm:py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
            className,
          )}
          title={t`You're offline: showing your last saved data. Your changes are kept on this device and sync when you're back online.`}
        >
          <WifiOff aria-hidden="true" className="h-3.5 w-3.5" />
          {/* An icon alone below 640 px, so the header row still fits on one line at 320 px. */}
          <span className={words ? undefined : "sr-only sm:not-sr-only"}>
            <Trans>Offline</Trans>
          </span>
        </span>
      )}
    </output>
  );
}
