/** Query keys: the first element is the GET path (docs/product.md#request-behaviour default loader). */
export const queryKeys = {
  user: ["/api/auth/user"] as const,
  account: ["/api/account"] as const,
  accountSessions: ["/api/account/sessions"] as const,
  tasks: ["/api/tasks"] as const,
  focusSessions: ["/api/focus-sessions"] as const,
  timer: ["/api/timer"] as const,
  push: ["/api/push"] as const,
  /** The person's day: today, planned or not, streaks, what was carried over (docs/product.md#the-day). */
  day: ["/api/day"] as const,
  /** Finished work by day, in pages (docs/product.md#done-screen). */
  history: ["/api/history"] as const,
  /** The person's routines, each with today's state and its streak (docs/product.md#routines). */
  routines: ["/api/routines"] as const,
  /** Prefix of every cached "today" record: invalidating it refreshes today whatever the date. */
  analyticsToday: ["/api/analytics/today"] as const,
  /**
   * Today's record for one local date: after midnight, or after the time zone changed, "today" is
   * another key, so yesterday's cached record is never shown as today's.
   */
  analyticsTodayOn: (date: string) => ["/api/analytics/today", date] as const,
  analyticsRange: (startDate: string, endDate: string) =>
    [`/api/analytics?startDate=${startDate}&endDate=${endDate}`] as const,
};

/** Every cached analytics answer (today and every range): their keys all start with the path. */
export function isAnalyticsQuery(query: { queryKey: readonly unknown[] }): boolean {
  const first = query.queryKey[0];
  return typeof first === "string" && first.startsWith("/api/analytics");
}

/** The cached history (every page). */
export function isHistoryQuery(query: { queryKey: readonly unknown[] }): boolean {
  const first = query.queryKey[0];
  return typeof first === "string" && first.startsWith("/api/history");
}
