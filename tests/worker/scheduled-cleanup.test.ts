import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import { deleteExpiredLoginFailuresQuery } from "../../worker/auth/throttle";
import { createDb } from "../../worker/db/client";
import { RECEIPT_KEPT_MS } from "../../worker/http/apply-once";
import worker from "../../worker/index";
import { CLEANUP_BATCH, CLEANUP_ROUNDS } from "../../worker/scheduled";
import { api, createTask, registerUser, rowsOf } from "./helpers";

const DAY_MS = 24 * 60 * 60 * 1000;

function runCron(now: number) {
  return worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }), env);
}

async function countWhere(table: string, where: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function addLoginFailure(key: string, windowStart: number, lockedUntil: number | null) {
  await env.DB.prepare("insert into login_failures (key, count, window_start, locked_until) values (?, 1, ?, ?)")
    .bind(key, windowStart, lockedUntil)
    .run();
}

describe("the daily cleanup (the Worker's cron trigger)", () => {
  it("deletes the sign-in sessions past their expiry, and only those", async () => {
    const expired = await registerUser();
    const live = await registerUser();
    const now = Date.now();
    await env.DB.prepare("update sessions set expire = ? where user_id = ?")
      .bind(now - 1_000, expired.user.id)
      .run();

    await runCron(now);

    expect(await rowsOf("sessions", expired.user.id)).toBe(0);
    expect(await rowsOf("sessions", live.user.id)).toBe(1);
  });

  it("forgets change ids past their week of anyone, also of a person who sends nothing more", async () => {
    const { token, user } = await registerUser();
    const [old, fresh] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [id, title] of [
      [old, "Sent nine days ago"],
      [fresh, "Sent an hour ago"],
    ] as const) {
      const res = await api("/api/tasks", {
        method: "POST",
        token,
        json: { title },
        headers: { [CHANGE_ID_HEADER]: id },
      });
      expect(res.status).toBe(201);
    }
    const now = Date.now();
    await env.DB.prepare("update change_receipts set created_at = ? where user_id = ? and change_id = ?")
      .bind(now - 9 * DAY_MS, user.id, old)
      .run();

    await runCron(now);

    expect(await countWhere("change_receipts", "user_id = ? and change_id = ?", user.id, old)).toBe(0);
    expect(await countWhere("change_receipts", "user_id = ? and change_id = ?", user.id, fresh)).toBe(1);
    // The week promised (docs/decisions/220-changes-applied-once-by-their-id.md) is the lifetime used.
    expect(RECEIPT_KEPT_MS).toBeLessThanOrEqual(8 * DAY_MS);
  });

  it("deletes sign-in counters whose window has passed and whose lock is over, sign-ins to no account included", async () => {
    const prefix = `cleanup-${crypto.randomUUID()}`;
    // A sign-in to no account leaves its counters behind, made by anyone.
    const ghost = `nobody-${crypto.randomUUID().slice(0, 8)}`;
    const res = await api("/api/auth/login", { method: "POST", json: { login: ghost, password: "not-a-password" } });
    expect(res.status).toBe(401);
    expect(await countWhere("login_failures", "key like ?", `%${ghost}%`)).toBeGreaterThan(0);

    const now = Date.now();
    const longAgo = now - 60 * 60 * 1000;
    await addLoginFailure(`${prefix}:window-over`, longAgo, null);
    await addLoginFailure(`${prefix}:lock-over`, longAgo, now - 1_000);
    await addLoginFailure(`${prefix}:still-locked`, longAgo, now + 60 * 60 * 1000);
    await addLoginFailure(`${prefix}:window-open`, now - 60_000, null);

    // An hour later: the ghost's counters have had their window too.
    await runCron(now + 60 * 60 * 1000 - 1);

    expect(await countWhere("login_failures", "key like ?", `%${ghost}%`)).toBe(0);
    const left = await env.DB.prepare("select key from login_failures where key like ? order by key")
      .bind(`${prefix}:%`)
      .all<{ key: string }>();
    expect(left.results.map((row) => row.key)).toEqual([`${prefix}:still-locked`]);
  });

  it("deletes Undo records past their window of a person who never comes back", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Deleted and never undone" });
    expect((await api(`/api/tasks/${task.id}`, { method: "DELETE", token })).status).toBe(200);
    expect(await rowsOf("undo_actions", user.id)).toBe(1);

    await runCron(Date.now());
    expect(await rowsOf("undo_actions", user.id)).toBe(1);

    await runCron(Date.now() + DAY_MS);
    expect(await rowsOf("undo_actions", user.id)).toBe(0);
  });

  it("deletes suggestion counts of days that are over in every zone, and keeps today's and yesterday's", async () => {
    const { user } = await registerUser();
    const now = Date.parse("2027-03-10T12:00:00Z");
    for (const date of ["2027-03-01", "2027-03-07", "2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11"]) {
      await env.DB.prepare("insert into suggestion_usage (user_id, date, requests) values (?, ?, 1)")
        .bind(user.id, date)
        .run();
    }

    await runCron(now);

    const left = await env.DB.prepare("select date from suggestion_usage where user_id = ? order by date")
      .bind(user.id)
      .all<{ date: string }>();
    expect(left.results.map((row) => row.date)).toEqual(["2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11"]);
  });

  it("deletes in bounded batches, and a run goes on until a kind is cleared", async () => {
    const prefix = `batch-${crypto.randomUUID()}`;
    const longAgo = Date.now() - 60 * 60 * 1000;
    const rows = CLEANUP_BATCH * 2 + 37;
    const insert = env.DB.prepare("insert into login_failures (key, count, window_start) values (?, 1, ?)");
    await env.DB.batch(Array.from({ length: rows }, (_, i) => insert.bind(`${prefix}:${i}`, longAgo)));

    const one = await deleteExpiredLoginFailuresQuery(createDb(env.DB), Date.now(), CLEANUP_BATCH).run();
    expect(one.meta.changes).toBe(CLEANUP_BATCH);
    expect(CLEANUP_BATCH * CLEANUP_ROUNDS).toBeGreaterThan(rows);

    await runCron(Date.now());
    expect(await countWhere("login_failures", "key like ?", `${prefix}:%`)).toBe(0);
  });
});
