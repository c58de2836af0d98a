import { describe, expect, it } from "vitest";
import { zoneLabel, zoneOffset, zoneOffsetsInSlices } from "../../web/features/settings/time-zones";

const at = new Date("2026-01-15T12:00:00Z");

describe("time zone labels", () => {
  it("reads the offset at the instant, and names the zone as people read it", () => {
    expect(zoneOffset("Asia/Kolkata", at)).toBe("GMT+05:30");
    expect(zoneOffset("America/New_York", at)).toBe("GMT-05:00");
    expect(zoneOffset("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe("GMT-04:00");
    expect(zoneOffset("Not/AZone", at)).toBe("");
    expect(zoneLabel("America/New_York", "GMT-05:00")).toBe("America/New York (GMT-05:00)");
    expect(zoneLabel("America/New_York", "")).toBe("America/New York");
  });
});

describe("zoneOffsetsInSlices", () => {
  /** A clock whose every reading is 5 ms later, and whose later() only queues the work. */
  function steppingClock() {
    let time = 0;
    const queued: Array<() => void> = [];
    return {
      queued,
      clock: {
        now: () => (time += 5),
        later: (work: () => void) => {
          queued.push(work);
          return 0 as unknown as ReturnType<typeof setTimeout>;
        },
      },
    };
  }

  it("works in slices of about 8 ms, each after the page had a turn, and hands over every offset once", () => {
    const zones = ["Asia/Dubai", "Asia/Kolkata", "Europe/Paris", "America/New_York", "Asia/Tokyo"];
    const { queued, clock } = steppingClock();
    const results: Array<ReadonlyMap<string, string>> = [];
    zoneOffsetsInSlices(zones, at, (offsets) => results.push(offsets), clock);
    let slices = 0;
    while (queued.length > 0) {
      expect(results).toHaveLength(0);
      queued.shift()?.();
      slices++;
    }
    // Each reading of the clock is 5 ms later: two zones fit in a slice's 8 ms.
    expect(slices).toBe(3);
    expect(results).toHaveLength(1);
    expect(Object.fromEntries(results[0] ?? [])).toEqual({
      "Asia/Dubai": "GMT+04:00",
      "Asia/Kolkata": "GMT+05:30",
      "Europe/Paris": "GMT+01:00",
      "America/New_York": "GMT-05:00",
      "Asia/Tokyo": "GMT+09:00",
    });
  });

  it("stopped, hands over nothing", async () => {
    const results: unknown[] = [];
    const stop = zoneOffsetsInSlices(["UTC"], at, (offsets) => results.push(offsets));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(results).toEqual([]);
  });
});
