import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { registerUser, rowsOf } from "./helpers";

describe("the daily cleanup (the Worker's cron trigger)", () => {
  it("deletes the sign-in sessions past their expiry, and only those", async () => {
    const expired = await registerUser();
    const live = await registerUser();
    const now = Date.now();
    await env.DB.prepare("update sessions set expire = ? where user_id = ?")
      .bind(now - 1_000, expired.user.id)
      .run();

    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }), env);

    expect(await rowsOf("sessions", expired.user.id)).toBe(0);
    expect(await rowsOf("sessions", live.user.id)).toBe(1);
  });
});
