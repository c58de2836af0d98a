import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { zeroRecord } from "../../shared/analytics";
import {
  analyticsTodayQueryOptions,
  applyAnalyticsReset,
  invalidateAllAnalytics,
  invalidateAnalyticsRanges,
} from "../../web/api/analytics";
import { queryKeys } from "../../web/api/query-keys";

const record = (date: string, tasksCompleted: number) => ({ ...zeroRecord("u1", date), tasksCompleted });

afterEach(() => vi.unstubAllGlobals());

describe("today's analytics in the cache", () => {
  it("is kept per local date, so yesterday's record is never today's", () => {
    const client = new QueryClient();
    expect(analyticsTodayQueryOptions("2026-11-23").queryKey).toEqual(["/api/analytics/today", "2026-11-23"]);
    client.setQueryData(analyticsTodayQueryOptions("2026-11-22").queryKey, record("2026-11-22", 4));
    expect(client.getQueryData(analyticsTodayQueryOptions("2026-11-23").queryKey)).toBeUndefined();
    expect(client.getQueryData(analyticsTodayQueryOptions("2026-11-22").queryKey)).toMatchObject({ tasksCompleted: 4 });
  });

  it("is still refreshed by the app's task and focus changes, which name only the path", async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.analyticsTodayOn("2026-11-23"), record("2026-11-23", 1));
    await client.invalidateQueries({ queryKey: queryKeys.analyticsToday });
    expect(client.getQueryState(queryKeys.analyticsTodayOn("2026-11-23"))?.isInvalidated).toBe(true);
  });

  it("a saved time zone marks every cached day stale, today and the ranges", async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.analyticsTodayOn("2026-11-23"), record("2026-11-23", 1));
    client.setQueryData(queryKeys.analyticsRange("2026-11-17", "2026-11-23"), []);
    client.setQueryData(queryKeys.tasks, []);
    await invalidateAllAnalytics(client);
    expect(client.getQueryState(queryKeys.analyticsTodayOn("2026-11-23"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.analyticsRange("2026-11-17", "2026-11-23"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.tasks)?.isInvalidated).toBe(false);
  });

  it("a range refresh leaves today alone", async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.analyticsTodayOn("2026-11-23"), record("2026-11-23", 1));
    client.setQueryData(queryKeys.analyticsRange("2026-11-23", "2026-11-23"), []);
    await invalidateAnalyticsRanges(client);
    expect(client.getQueryState(queryKeys.analyticsTodayOn("2026-11-23"))?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryKeys.analyticsRange("2026-11-23", "2026-11-23"))?.isInvalidated).toBe(true);
  });

  it("a reset caches the zero record under its own date", () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    const client = new QueryClient();
    client.setQueryData(queryKeys.analyticsTodayOn("2026-11-23"), record("2026-11-23", 3));
    applyAnalyticsReset(client, zeroRecord("u1", "2026-11-23"));
    expect(client.getQueryData(queryKeys.analyticsTodayOn("2026-11-23"))).toMatchObject({ tasksCompleted: 0 });
    expect(store.get("analytics_reset")).toBe("true");
  });
});
