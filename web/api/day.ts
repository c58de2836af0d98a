import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Day } from "../../shared/schemas/day";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";

// The person's day as the server counts it (docs/product.md#the-day): the web app takes "today"
// from GET /api/day rather than computing it, so every device agrees with the server
// (docs/decisions/143-web-day-from-the-server.md).

// The day's changes (the plan, its skip, "No" again, reopen) are web/api/day-changes.ts: only the
// screens that make them load it.

/** GET /api/day. Rolls over by itself: at the instant today ends it is read again. */
export function useDay() {
  const queryClient = useQueryClient();
  const query = useQuery<Day>({ queryKey: queryKeys.day });
  const endsAt = query.data?.endsAt;
  useEffect(() => {
    if (!endsAt) return;
    // A timer longer than ~24.8 days overflows; a day is far shorter, and a second late is safe.
    const wait = Math.min(Math.max(0, Date.parse(endsAt) - Date.now()) + 1000, 2 ** 31 - 1);
    const timer = setTimeout(() => void invalidateTaskData(queryClient), wait);
    return () => clearTimeout(timer);
  }, [endsAt, queryClient]);
  return query;
}
