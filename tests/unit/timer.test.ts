import { describe, expect, it } from "vitest";
import {
  clockOffset,
  elapsedMs,
  endInstant,
  focusedMinutes,
  formatClock,
  isDue,
  progressIcon,
  progressPercent,
  remainingMs,
  serverTime,
} from "../../shared/timer";
import { MIN, runningTimer, T0 } from "./timer-fixture";

const run = runningTimer;

describe("remaining time", () => {
  it("counts down from the start instant", () => {
    expect(remainingMs(run(), T0)).toBe(25 * MIN);
    expect(remainingMs(run(), T0 + 10 * MIN)).toBe(15 * MIN);
    expect(remainingMs(run(), T0 + 30 * MIN)).toBe(0);
    expect(remainingMs(run(), T0 - 5000)).toBe(25 * MIN);
  });

  it("freezes while paused and moves the end by every pause", () => {
    const paused = run({ status: "paused", pausedAt: T0 + 5 * MIN });
    expect(remainingMs(paused, T0 + 60 * MIN)).toBe(20 * MIN);
    expect(endInstant(paused)).toBe(T0 + 25 * MIN);
    const resumed = run({ pausedTotalMs: 3 * MIN });
    expect(endInstant(resumed)).toBe(T0 + 28 * MIN);
    expect(remainingMs(resumed, T0 + 8 * MIN)).toBe(20 * MIN);
  });

  it("is the full duration when idle and nothing once finished", () => {
    expect(remainingMs(run({ status: "idle", startedAt: null }), T0)).toBe(25 * MIN);
    expect(remainingMs(run({ status: "finished", finishedAt: T0 + 3 * MIN }), T0)).toBe(0);
    expect(endInstant(run({ status: "finished" }))).toBeNull();
  });

  it("knows what was actually focused in a run ended early", () => {
    const ended = run({ status: "finished", finishedAt: T0 + 12 * MIN, pausedTotalMs: 2 * MIN, finishReason: "ended" });
    expect(elapsedMs(ended, T0 + 99 * MIN)).toBe(10 * MIN);
    expect(elapsedMs(run({ status: "finished", finishReason: "elapsed", finishedAt: null }), T0)).toBe(25 * MIN);
    expect(focusedMinutes(10 * MIN + 29_000)).toBe(10);
    expect(focusedMinutes(10 * MIN + 30_000)).toBe(11);
  });

  it("is due only when running past the end", () => {
    expect(isDue(run(), T0 + 25 * MIN - 1)).toBe(false);
    expect(isDue(run(), T0 + 25 * MIN)).toBe(true);
    expect(isDue(run({ status: "paused", pausedAt: T0 }), T0 + 99 * MIN)).toBe(false);
  });
});

describe("progress and its icon", () => {
  it("goes from 0 to 100 %", () => {
    expect(progressPercent(run(), T0)).toBe(0);
    expect(progressPercent(run(), T0 + 12.5 * MIN)).toBe(50);
    expect(progressPercent(run(), T0 + 99 * MIN)).toBe(100);
    expect(progressPercent(run({ durationMs: 0 }), T0)).toBe(0);
  });

  it.each([
    [0, "zap"],
    [32.99, "zap"],
    [33, "star"],
    [65.99, "star"],
    [66, "trophy"],
    [100, "trophy"],
  ] as const)("shows at %d %% the %s", (percent, icon) => {
    expect(progressIcon(percent)).toBe(icon);
  });
});

describe("the clock", () => {
  it.each([
    [25 * MIN, "25:00"],
    [25 * MIN - 1, "25:00"],
    [25 * MIN - 1000, "24:59"],
    [65_000, "01:05"],
    [999, "00:01"],
    [0, "00:00"],
    [-5000, "00:00"],
    [120 * MIN, "120:00"],
  ])("shows %d ms as %s", (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe("clock offset", () => {
  it("is the server's lead over this device, from the midpoint of the round trip", () => {
    // Asked at 1000 and answered at 1200 on our clock; the server said 5100 → it is 4000 ahead.
    expect(clockOffset(5100, 1000, 1200)).toBe(4000);
    expect(clockOffset(900, 1000)).toBe(-100);
  });

  it("corrects a device whose clock is wrong, so both show the same time", () => {
    const state = run();
    const serverNow = T0 + 5 * MIN;
    const fastDevice = serverNow + 90_000;
    const offset = clockOffset(serverNow, fastDevice, fastDevice);
    expect(remainingMs(state, serverTime(fastDevice, offset))).toBe(20 * MIN);
    // Uncorrected, the fast device would be 90 s short.
    expect(remainingMs(state, fastDevice)).toBe(20 * MIN - 90_000);
  });
});
