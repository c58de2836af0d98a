import { useQuery } from "@tanstack/react-query";
import type { Day } from "../../shared/schemas/day";
import { queryKeys } from "./query-keys";

// The person's day as the server counts it (docs/product.md#the-day): the web app takes "today"
// from GET /api/day rather than computing it, so every device agrees with the server
// (docs/decisions/143-web-day-from-the-server.md).

// The day's changes (the plan, its skip, "No" again, reopen) are web/api/day-changes.ts: only the
// screens that make them load it. Its rollover, noticed while a page stays open, is
// web/api/day-rollover.ts.

/** GET /api/day. */
export function useDay() {
  return useQuery<Day>({ queryKey: queryKeys.day });
}
