import { t } from "@lingui/core/macro";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { zeroBreakdown, zeroRecord } from "../../shared/analytics";
import {
  type AnalyticsRecord,
  type ApiAnalyticsRecord,
  analyticsRecordSchema,
  apiAnalyticsRecordSchema,
  categoryBreakdownSchema,
} from "../../shared/schemas/analytics-record";
import type { Day } from "../../shared/schemas/day";
import { showError, showSuccess } from "../ui/toast";
import { useCurrentUser } from "./auth";
import { apiRequest, getQueryFn } from "./client";
import { useDay } from "./day";
import { isAnalyticsQuery, queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { todayOf } from "./today";

/** docs/product.md#browser-storage: "analytics were reset" and the zeroed record, consumed by the analytics screen. */
export const ANALYTICS_RESET_KEY = "analytics_reset";
export const ANALYTICS_ZERO_RECORD_KEY = "analytics_zero_record";

/** The zone the server counts the user's days in (their stored zone), falling back to the browser's. */
export function useAnalyticsTimeZone(): string {
  const { user } = useCurrentUser();
  return user?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Today's date as the server says it (GET /api/day, which rolls over by itself: the web app's one
 * "today", docs/decisions/143-web-day-from-the-server.md); until it is read, the same rule here.
 */
export function useToday(): string {
  const { user } = useCurrentUser();
  return todayOf(useDay().data?.date, user);
}

/** A record as the API answers it (docs/product.md#daily-analytics-record: the breakdown is JSON text) → the parsed record. */
export function fromApiRecord(record: ApiAnalyticsRecord): AnalyticsRecord {
  let breakdown = zeroBreakdown();
  try {
    const parsed = categoryBreakdownSchema.safeParse(JSON.parse(record.categoryBreakdown));
    if (parsed.success) breakdown = parsed.data;
  } catch {
    // Unreadable text shows as zeros rather than breaking the screen.
  }
  return { ...record, categoryBreakdown: breakdown };
}

// docs/product.md#analytics-screen: both analytics reads answer null on a 401 instead of failing.
const fetchToday = getQueryFn<ApiAnalyticsRecord>({ on401: "returnNull" });
const fetchRange = getQueryFn<ApiAnalyticsRecord[]>({ on401: "returnNull" });

export const analyticsTodayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: queryKeys.analyticsTodayOn(date),
    queryFn: async (context): Promise<AnalyticsRecord | null> => {
      const record = await fetchToday(context);
      return record ? fromApiRecord(record) : null;
    },
  });

export const analyticsRangeQueryOptions = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: queryKeys.analyticsRange(startDate, endDate),
    queryFn: async (context): Promise<AnalyticsRecord[] | null> => {
      const records = await fetchRange(context);
      return records ? records.map(fromApiRecord) : null;
    },
  });

export function useAnalyticsToday(date: string, placeholder?: AnalyticsRecord) {
  return useQuery({ ...analyticsTodayQueryOptions(date), placeholderData: placeholder });
}

export function useAnalyticsRange(startDate: string, endDate: string) {
  return useQuery(analyticsRangeQueryOptions(startDate, endDate));
}

/** After the time zone changed: every cached day may now be another day, so refetch them all. */
export function invalidateAllAnalytics(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: isAnalyticsQuery });
}

/** Marks ranges stale so they refetch on next use (e.g. after today's record changed). */
export function invalidateAnalyticsRanges(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => isAnalyticsQuery(query) && query.queryKey[0] !== queryKeys.analyticsToday[0],
  });
}

export function clearAnalytics() {
  return apiRequest("POST", "/api/analytics/clear", {});
}

/** docs/product.md#analytics-screen: after clearing, today's zero record comes from the server (it knows the user's today). */
export async function fetchZeroToday(userId: string, today: string): Promise<AnalyticsRecord> {
  try {
    const answer = apiAnalyticsRecordSchema.safeParse(await apiRequest("GET", "/api/analytics/today?forceZero=true"));
    if (answer.success) return fromApiRecord(answer.data);
  } catch {
    // The clear already happened; a zero record built here says the same thing.
  }
  return zeroRecord(userId, today);
}

/**
 * docs/product.md#analytics-screen, after a successful clear: drop every cached analytics answer, cache a zeroed record
 * dated today (as today's record and as the Day range), and leave the reset flag and the zeroed
 * record in local storage for the analytics screen. Start Fresh calls this too.
 */
export function applyAnalyticsReset(queryClient: QueryClient, zero: AnalyticsRecord) {
  queryClient.removeQueries({ predicate: isAnalyticsQuery });
  queryClient.setQueryData(queryKeys.analyticsTodayOn(zero.date), zero);
  queryClient.setQueryData(queryKeys.analyticsRange(zero.date, zero.date), [zero]);
  try {
    localStorage.setItem(ANALYTICS_RESET_KEY, "true");
    localStorage.setItem(ANALYTICS_ZERO_RECORD_KEY, JSON.stringify(zero));
  } catch {
    // Storage unavailable: the cache above already shows the reset.
  }
}

/** The zeroed record left by a reset, if the flag is set (reading only; see `forgetAnalyticsReset`). */
export function readAnalyticsReset(): AnalyticsRecord | null {
  try {
    if (localStorage.getItem(ANALYTICS_RESET_KEY) !== "true") return null;
    const parsed = analyticsRecordSchema.safeParse(JSON.parse(localStorage.getItem(ANALYTICS_ZERO_RECORD_KEY) ?? ""));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetAnalyticsReset() {
  try {
    localStorage.removeItem(ANALYTICS_RESET_KEY);
    localStorage.removeItem(ANALYTICS_ZERO_RECORD_KEY);
  } catch {
    // nothing stored to forget
  }
}

/** The signed-in user as far as the analytics need it (its id and stored zone). */
export type AnalyticsUser = { id: string; timeZone?: string | null; dayStartHour?: number } | null;

/**
 * After any clear that wiped the user's analytics on the server (Reset Stats, Clear Tasks, Start
 * Fresh): fetch today's zero record and show it everywhere.
 */
export async function showZeroAnalytics(queryClient: QueryClient, user: AnalyticsUser) {
  const today = todayOf(queryClient.getQueryData<Day>(queryKeys.day)?.date, user);
  applyAnalyticsReset(queryClient, await fetchZeroToday(user?.id ?? "", today));
}

/** Reset Stats (docs/product.md#analytics-screen): clear on the server, then show zeros; the toasts of docs/product.md#messages either way. */
export function useResetAnalytics() {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  return useMutation({
    mutationFn: async () => {
      await clearAnalytics();
      await showZeroAnalytics(queryClient, user);
      // The streak, the plan's recap and the history's figures came from the records too.
      void invalidateTaskData(queryClient);
    },
    onSuccess: () => {
      showSuccess(t`Analytics reset`, t`Your analytics data has been reset successfully.`);
    },
    onError: (err) => {
      console.warn("resetting analytics failed", err);
      showError(t`Error resetting analytics`, t`There was a problem resetting your analytics. Please try again.`);
    },
  });
}
