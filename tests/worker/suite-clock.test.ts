import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setClock } from "./day-helpers";
import { createTask, registerUser } from "./helpers";

/** SQLite's clock, which is the machine's real one whatever TEST_CLOCK says. */
async function realNow(): Promise<number> {
  const row = await env.DB.prepare("select unixepoch('subsec') * 1000 as now").first<{ now: number }>();
  if (!row) throw new Error("no answer from D1");
  return row.now;
}

afterEach(() => {
  vi.useRealTimers();
});

// TEST_CLOCK places the suite's clock ahead of the real one (tests/worker/suite-clock.ts,
// docs/decisions/236-suites-run-across-a-days-start.md); unset, the shift is 0 and these check that.
describe("the suite's clock", () => {
  const shift = Number(env.TEST_CLOCK_SHIFT_MS);

  it("is the real clock moved on by whole minutes, in the tests and in the Worker's answers", async () => {
    expect(shift % 60_000).toBe(0);
    const before = await realNow();
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Stamped on the suite's clock" });
    const after = await realNow();
    // workerd moves Date.now() on I/O only, and SQLite's clock has its own grain: a few seconds of room.
    expect(Date.parse(task.createdAt)).toBeGreaterThanOrEqual(before + shift - 5_000);
    expect(Date.parse(task.createdAt)).toBeLessThanOrEqual(after + shift + 5_000);
    expect(Math.abs(Date.now() - (after + shift))).toBeLessThan(5_000);
  });

  it("comes back after a test sets an instant", async () => {
    setClock("2027-02-10T09:00:00Z");
    expect(new Date().toISOString()).toBe("2027-02-10T09:00:00.000Z");
    vi.useRealTimers();
    expect(Math.abs(Date.now() - ((await realNow()) + shift))).toBeLessThan(5_000);
  });
});
