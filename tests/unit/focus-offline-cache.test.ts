import { describe, expect, it } from "vitest";
import { timerCacheValues, timerFromCache } from "../../web/features/focus/offline-cache";
import { MIN, runningTimer, T0 } from "./timer-fixture";

const timer = runningTimer;

const asStored = (values: Record<string, number | null>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? null : String(v)])) as {
    timer_start: string | null;
    timer_duration: string | null;
    timer_paused_at: string | null;
  };

describe("the timer's offline cache (docs/product.md#browser-storage keys)", () => {
  it("stores a running run on this device's clock, its pauses folded into the start", () => {
    // The server's clock is 2 s ahead of this device's.
    const view = { state: timer({ pausedTotalMs: 3 * MIN }), serverNow: T0, offsetMs: 2000 };
    expect(timerCacheValues(view)).toEqual({
      timer_start: T0 + 3 * MIN - 2000,
      timer_duration: 1500,
      timer_paused_at: null,
    });
  });

  it("stores the pause instant of a paused run, and clears every key for idle or finished", () => {
    const paused = { state: timer({ status: "paused", pausedAt: T0 + 5 * MIN }), serverNow: T0, offsetMs: 0 };
    expect(timerCacheValues(paused).timer_paused_at).toBe(T0 + 5 * MIN);
    const nothing = { timer_start: null, timer_duration: null, timer_paused_at: null };
    for (const status of ["idle", "finished"] as const) {
      expect(timerCacheValues({ state: timer({ status }), serverNow: T0, offsetMs: 0 })).toEqual(nothing);
    }
  });

  it("on load: a running run with time left resumes, a paused one stays paused, an expired one is discarded", () => {
    const running = asStored(timerCacheValues({ state: timer(), serverNow: T0, offsetMs: 0 }));
    const resumed = timerFromCache(running, T0 + 10 * MIN);
    expect(resumed).toMatchObject({ state: { status: "running", startedAt: T0, durationMs: 25 * MIN }, offsetMs: 0 });
    expect(timerFromCache(running, T0 + 25 * MIN)).toBe("expired");

    const paused = asStored(
      timerCacheValues({ state: timer({ status: "paused", pausedAt: T0 + MIN }), serverNow: T0, offsetMs: 0 }),
    );
    // Paused long ago: still paused, never expired.
    expect(timerFromCache(paused, T0 + 600 * MIN)).toMatchObject({ state: { status: "paused", pausedAt: T0 + MIN } });
  });

  it("ignores missing or garbled keys", () => {
    expect(timerFromCache({ timer_start: null, timer_duration: null, timer_paused_at: null }, T0)).toBeNull();
    expect(timerFromCache({ timer_start: "soon", timer_duration: "1500", timer_paused_at: null }, T0)).toBeNull();
    expect(timerFromCache({ timer_start: String(T0), timer_duration: "0", timer_paused_at: null }, T0)).toBeNull();
    expect(timerFromCache({ timer_start: String(T0), timer_duration: "1500", timer_paused_at: "x" }, T0)).toBeNull();
  });
});
