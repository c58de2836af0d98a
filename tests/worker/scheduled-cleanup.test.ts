import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { registerUser } from "./helpers";

async function sessionsOf(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from sessions where user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("the daily cleanup (the Worker's cron trigger)", () => {
  it("deletes the sign-in sessions past their expiry, and only those", async () => {
    const expired = await registerUser();
    const live = await registerUser();
    const now = Date.now();
    await env.DB.prepare("update sessions set expire = ? where user_id = ?")
      .bind(now - 1_000, expired.user.id)
      .run();

    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }), env);

    expect(await sessionsOf(expired.user.id)).toBe(0);
    expect(await sessionsOf(live.user.id)).toBe(1);
  });
});
