import { describe, expect, it } from "vitest";
import { clockShift, placedStart } from "../worker/suite-clock";

const at = (iso: string) => Date.parse(iso);

describe("where TEST_CLOCK places the worker suite's clock", () => {
  it("day-start: two minutes before the next 04:00 UTC, the day's start of an account that names no zone", () => {
    expect(placedStart("day-start", at("2026-11-28T01:10:00Z"))).toBe(at("2026-11-28T03:58:00Z"));
    // Too close to today's start for the run to begin before it: tomorrow's.
    expect(placedStart("day-start", at("2026-11-28T03:58:30Z"))).toBe(at("2026-11-29T03:58:00Z"));
    expect(placedStart("day-start", at("2026-12-31T23:59:00Z"))).toBe(at("2027-01-01T03:58:00Z"));
  });

  it("dst: two minutes before Europe's next daylight-saving change, forward or back", () => {
    expect(placedStart("dst", at("2026-11-28T04:00:00Z"))).toBe(at("2027-03-28T00:58:00Z"));
    expect(placedStart("dst", at("2027-04-01T00:00:00Z"))).toBe(at("2027-10-31T00:58:00Z"));
  });

  it("an ISO instant as it is; real or nothing for the real clock; anything else is refused", () => {
    expect(placedStart("2027-06-01T12:00:00Z", 0)).toBe(at("2027-06-01T12:00:00Z"));
    expect(placedStart("real", 0)).toBeNull();
    expect(placedStart("", 0)).toBeNull();
    expect(placedStart(undefined, 0)).toBeNull();
    expect(() => placedStart("tomorrow", 0)).toThrow("use day-start, dst, real or an ISO instant");
  });

  it("moves the clock on by whole minutes, never back", () => {
    const now = at("2026-11-28T04:08:36.250Z");
    const shift = clockShift(at("2026-11-29T03:58:00Z"), now);
    expect(shift % 60_000).toBe(0);
    expect(now + shift).toBeGreaterThanOrEqual(at("2026-11-29T03:58:00Z"));
    expect(now + shift).toBeLessThan(at("2026-11-29T03:59:00Z"));
    expect(clockShift(null, now)).toBe(0);
    expect(() => clockShift(at("2026-11-28T04:00:00Z"), now)).toThrow("is in the past");
  });
});

describe("this suite's clock", () => {
  it("runs TEST_CLOCK_SHIFT_MS ahead of the real one, in whole minutes", () => {
    const shift = Number(import.meta.env.TEST_CLOCK_SHIFT_MS);
    expect(shift % 60_000).toBe(0);
    // performance.timeOrigin + performance.now() is the real clock, which shiftClock leaves alone.
    const suiteNow = () => performance.timeOrigin + performance.now() + shift;
    expect(Math.abs(Date.now() - suiteNow())).toBeLessThan(1_000);
    expect(Math.abs(Date.parse(new Date().toISOString()) - suiteNow())).toBeLessThan(1_000);
  });
});
