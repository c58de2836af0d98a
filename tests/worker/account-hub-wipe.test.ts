import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HUB_KEY_PREFIXES } from "../../worker/hub/storage-keys";
import type { UserHub } from "../../worker/hub-host/user-hub";
import { hubOf, makeDue, openLive, startSession } from "./focus-helpers";
import { api, createTask, PASSWORD, registerUser } from "./helpers";

async function rowsOfUser(userId: string) {
  const counts = await env.DB.batch(
    ["tasks", "focus_sessions", "daily_analytics", "sessions"].map((table) =>
      env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`).bind(userId),
    ),
  );
  return counts.map((result) => (result.results[0] as { n: number }).n);
}

describe("DELETE /api/account and the user's hub", () => {
  it("empties the hub's storage, removes its alarm and closes its sockets", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Running when the account goes" });
    await startSession(token, task.id, 1500);
    const live = await openLive(token);
    await live.next((f) => f.type === "timer" && f.state.status === "running");
    const closed = new Promise<number>((resolve) => live.ws.addEventListener("close", (event) => resolve(event.code)));
    expect(await runInDurableObject(hubOf(user.id), (_hub, state) => state.storage.getAlarm())).not.toBeNull();

    const res = await api("/api/account", {
      method: "DELETE",
      token,
      json: { confirmation: user.username, password: PASSWORD },
    });
    expect(res.status).toBe(204);
    expect(await closed).toBe(4401);

    // Only the revoked session's id stays (until its token expires), so a read is refused at once.
    const left = await runInDurableObject(hubOf(user.id), async (_hub, state) => ({
      keys: [...state.storage.kv.list()].map(([key]) => key),
      alarm: await state.storage.getAlarm(),
    }));
    expect(left).toEqual({
      keys: [expect.stringMatching(new RegExp(`^${HUB_KEY_PREFIXES.revokedSession}`))],
      alarm: null,
    });
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(false);
    expect(await rowsOfUser(user.id)).toEqual([0, 0, 0, 0]);
  });

  it("an alarm delivered late (at least once) writes no row for the deleted user", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    await startSession(token, task.id, 60);
    await makeDue(user.id);
    const res = await api("/api/account", {
      method: "DELETE",
      token,
      json: { confirmation: "DELETE", password: PASSWORD },
    });
    expect(res.status).toBe(204);
    // As if the runtime delivered the alarm it had already scheduled.
    await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
    expect(await rowsOfUser(user.id)).toEqual([0, 0, 0, 0]);
    const left = await runInDurableObject(hubOf(user.id), (_hub, state) => [...state.storage.kv.list()]);
    expect(left.map(([key]) => key.startsWith(HUB_KEY_PREFIXES.revokedSession))).toEqual([true]);
  });
});
