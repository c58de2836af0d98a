/** Query keys: the first element is the GET path (spec §7 default loader). */
export const queryKeys = {
  user: ["/api/auth/user"] as const,
  account: ["/api/account"] as const,
  accountSessions: ["/api/account/sessions"] as const,
  tasks: ["/api/tasks"] as const,
  focusSessions: ["/api/focus-sessions"] as const,
  timer: ["/api/timer"] as const,
  analyticsToday: ["/api/analytics/today"] as const,
  analyticsRange: (startDate: string, endDate: string) =>
    [`/api/analytics?startDate=${startDate}&endDate=${endDate}`] as const,
};
