import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Day } from "../../shared/schemas/day";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";

/** The page coming back: a tab shown (the event bubbles to the window), the window focused, the network back. */
const COMING_BACK = ["visibilitychange", "focus", "online"];

/**
 * A page left open notices the new day (docs/decisions/243-new-day-noticed-on-return.md): at the
 * instant the day it knows ends (its `endsAt`, the next start in the person's zone and start hour),
 * and whenever the page comes back, since a phone asleep or a tab in the background runs no timer
 * on time. Noticing reads the day and the tasks again, as a change from another device does; the
 * braindump then keeps a new day waiting while its box holds text
 * (docs/decisions/188-new-day-waits.md). Mounted once, in the signed-in shell.
 */
export function useDayRollover() {
  const queryClient = useQueryClient();
  // Only watches the day a screen has read: it reads nothing itself.
  const endsAt = useQuery<Day>({ queryKey: queryKeys.day, enabled: false }).data?.endsAt;
  useEffect(() => {
    if (!endsAt) return;
    const end = Date.parse(endsAt);
    // One read at a time: a tab shown fires both "visibilitychange" and "focus".
    let reading = false;
    const notice = () => {
      if (reading || Date.now() < end) return;
      reading = true;
      void invalidateTaskData(queryClient).finally(() => {
        reading = false;
      });
    };
    // A second late is safe. A wait past ~24.8 days would overflow and run at once: the clock
    // check above makes that harmless.
    const timer = setTimeout(notice, end - Date.now() + 1000);
    for (const type of COMING_BACK) window.addEventListener(type, notice);
    return () => {
      clearTimeout(timer);
      for (const type of COMING_BACK) window.removeEventListener(type, notice);
    };
  }, [endsAt, queryClient]);
}
