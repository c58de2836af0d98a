import { Plural } from "@lingui/react/macro";
import { useCurrentUser } from "../../api/auth";
import { useWaitingCount } from "../../api/waiting-changes";
import { OfflineBadge } from "./offline-badge";

/**
 * The signed-in header's second line (docs/product.md#offline): on a phone, that the app is offline
 * (the first row has no room for it beside the buttons); everywhere, how many changes wait on this
 * device to be sent. Live regions, always there, so a screen reader hears each change; with nothing
 * to say the line has no height.
 */
export function SyncStatus() {
  const { user } = useCurrentUser();
  const count = useWaitingCount(user?.id);
  return (
    <div className="flex flex-wrap items-center gap-x-1 text-xs">
      <OfflineBadge className="mt-2 sm:hidden" words />
      <output aria-live="polite" className="contents">
        {count > 0 ? (
          <p className="mt-2 font-medium text-amber-900 dark:text-amber-100">
            <Plural value={count} one="# change waiting to sync" other="# changes waiting to sync" />
          </p>
        ) : null}
      </output>
    </div>
  );
}
