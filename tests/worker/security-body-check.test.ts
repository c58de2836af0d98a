import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../worker/app";
import { checkJsonBody, JSON_DEPTH_MAX, type JsonCheckMeter } from "../../worker/http/validation";
import { api, freshIp } from "./helpers";

/** A body of just under 1 MB: 30 levels of arrays around about half a million values. */
function largeDeepBody(last = "0"): string {
  const levels = JSON_DEPTH_MAX - 2;
  const values = Math.floor((MAX_BODY_BYTES - 4 * levels - 64) / 2);
  return `${"[".repeat(levels)}[${Array(values - 1)
    .fill("0")
    .join(",")},${last}]${"]".repeat(levels)}`;
}

/** How many values and containers a parsed body has, and how deep each value lies, summed. */
function shapeOf(body: unknown) {
  let values = 0;
  let depthSum = 0;
  const pending: [unknown, number][] = [[body, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    values += 1;
    depthSum += depth;
    if (Array.isArray(value)) for (const item of value) pending.push([item, depth + 1]);
  }
  return { values, depthSum };
}

// docs/decisions/170-body-check-walks-without-copying.md. workerd reports no heap figures (its
// process.memoryUsage() answers zeros), so the check is measured by what it holds: the frames
// alive at once and the paths it builds. The check it replaces held an entry and a copied path
// for every value: for this body, about half a million entries and 15 million path slots.
describe("the JSON body check walks a large deep body without copying a path per value", () => {
  it("holds at most one frame per level and builds no path for a valid 1 MB body 31 deep", () => {
    const text = largeDeepBody();
    expect(text.length).toBeGreaterThan(MAX_BODY_BYTES - 1024);
    expect(text.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const body: unknown = JSON.parse(text);
    const { values, depthSum } = shapeOf(body);
    expect(values).toBeGreaterThan(500_000);
    // What one path per value would have copied.
    expect(depthSum).toBeGreaterThan(15_000_000);
    const meter: JsonCheckMeter = { framesPeak: 0, pathsBuilt: 0 };
    checkJsonBody(body, meter);
    expect(meter.framesPeak).toBe(JSON_DEPTH_MAX - 1);
    expect(meter.pathsBuilt).toBe(0);
  });

  it("still names the path of a broken value deep in a large body, building that one path", () => {
    const body: unknown = JSON.parse(largeDeepBody('"\\ud800"'));
    const meter: JsonCheckMeter = { framesPeak: 0, pathsBuilt: 0 };
    let issues: unknown;
    try {
      checkJsonBody(body, meter);
    } catch (err) {
      issues = (err as { issues?: { path: unknown[] }[] }).issues;
    }
    const path = (issues as { path: unknown[] }[] | undefined)?.[0]?.path ?? [];
    expect(path).toHaveLength(JSON_DEPTH_MAX - 1);
    expect(path.slice(0, -1).every((step) => step === 0)).toBe(true);
    expect(meter.pathsBuilt).toBe(1);
  });

  it("20 such bodies sent at once to sign-in answer 400, and a health check sent with them answers", async () => {
    const text = largeDeepBody();
    const send = () =>
      api("/api/auth/login", {
        method: "POST",
        body: text,
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      });
    const [health, ...answers] = await Promise.all([api("/api/health"), ...Array.from({ length: 20 }, send)]);
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(400));
    expect(health?.status).toBe(200);
  });
});
