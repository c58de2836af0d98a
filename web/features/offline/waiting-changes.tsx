import { useCurrentUser } from "../../api/auth";
import { useWaitingCount } from "../../api/send-change";
import { countOf } from "../../ui/plural";

/**
 * The header's line for changes kept on this device (docs/product.md#offline): how many wait to be
 * sent. A live region, so a screen reader hears it change; a row of its own, so it covers nothing.
 */
export function WaitingChanges() {
  const { user } = useCurrentUser();
  const count = useWaitingCount(user?.id);
  return (
    <output aria-live="polite" className="contents">
      {count > 0 ? (
        <p className="text-xs font-medium text-amber-900 dark:text-amber-100">
          {countOf(count, "change")} waiting to sync
        </p>
      ) : null}
    </output>
  );
}
