import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import type { AnalyticsRecord } from "../../shared/schemas/analytics-record";
import type { Task } from "../../shared/schemas/tasks";
import {
  ABANDONED_CLAIM_MS,
  RECEIPT_KEPT_MS,
  RECEIPTS_KEPT_PER_PERSON,
  REPLAY_BODY_MAX,
} from "../../worker/http/apply-once";
import { setClock } from "./day-helpers";
import { api, createTask, PASSWORD, registerUser, rowsOf, signInAgain, withProductionPasswordHash } from "./helpers";

afterEach(() => {
  vi.useRealTimers();
});

/** One change as a device's outbox sends it: its own id in the header. */
function send(token: string, path: string, changeId: string, init: { method: string; json?: unknown }) {
  return api(path, { ...init, token, headers: { [CHANGE_ID_HEADER]: changeId } });
}

async function titles(token: string): Promise<string[]> {
  const res = await api("/api/tasks", { token });
  return ((await res.json()) as Task[]).map((task) => task.title);
}

describe("a change sent with an id", () => {
  it("is applied once when sent again, and the repeat gets the first answer", async () => {
    const { token } = await registerUser();
    const id = crypto.randomUUID();
    const first = await send(token, "/api/tasks", id, { method: "POST", json: { title: "Book the dentist" } });
    expect(first.status).toBe(201);
    const again = await send(token, "/api/tasks", id, { method: "POST", json: { title: "Book the dentist" } });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await titles(token)).toEqual(["Book the dentist"]);
  });

  it("sent 20 times at once is applied once, and every answer agrees", async () => {
    const { token } = await registerUser();
    const id = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(token, "/api/tasks", id, { method: "POST", json: { title: "Renew the passport" } }),
      ),
    );
    const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.text() })));
    expect(new Set(bodies.map((b) => b.status))).toEqual(new Set([201]));
    expect(new Set(bodies.map((b) => b.body)).size).toBe(1);
    expect(await titles(token)).toEqual(["Renew the passport"]);
  });

  it("finishing a task twice at once counts one finish", async () => {
    // One instant: a day beginning between the finish and the read would show today's count as 0.
    setClock("2027-02-10T12:00:00Z");
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Send the invoice" });
    const id = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2].map(() =>
        send(token, `/api/tasks/${task.id}?complete=true`, id, { method: "DELETE" }).then((res) => res.status),
      ),
    );
    expect(answers).toEqual([200, 200]);
    const today = (await (await api("/api/analytics/today", { token })).json()) as AnalyticsRecord;
    expect(today.tasksCompleted).toBe(1);
  });

  it("is applied once per person: another account's change with the same id is its own", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const id = crypto.randomUUID();
    expect(
      (await send(a.token, "/api/tasks", id, { method: "POST", json: { title: "Water the plants" } })).status,
    ).toBe(201);
    expect((await send(b.token, "/api/tasks", id, { method: "POST", json: { title: "Call grandma" } })).status).toBe(
      201,
    );
    expect(await titles(a.token)).toEqual(["Water the plants"]);
    expect(await titles(b.token)).toEqual(["Call grandma"]);
  });

  it("refuses the same id for another change with 422, changing nothing", async () => {
    const { token } = await registerUser();
    const id = crypto.randomUUID();
    await send(token, "/api/tasks", id, { method: "POST", json: { title: "Pay rent" } });
    const other = await send(token, "/api/tasks", id, { method: "POST", json: { title: "Pay the gas bill" } });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { message: string }).message).toContain("already used for another change");
    expect(await titles(token)).toEqual(["Pay rent"]);
  });

  it("refuses a malformed id with 400, changing nothing", async () => {
    const { token } = await registerUser();
    for (const bad of ["short", "x".repeat(65), "has spaces in it ok?", "dots.are.not.allowed.here"]) {
      const res = await send(token, "/api/tasks", bad, { method: "POST", json: { title: "Never stored" } });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(CHANGE_ID_HEADER);
    }
    expect(await titles(token)).toEqual([]);
  });

  it("remembers a refusal: a change to a task deleted elsewhere answers 404 again, and once applied stays applied", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Draft the newsletter" });
    await api(`/api/tasks/${task.id}`, { method: "DELETE", token });
    const id = crypto.randomUUID();
    const first = await send(token, `/api/tasks/${task.id}`, id, { method: "PATCH", json: { title: "Renamed" } });
    expect(first.status).toBe(404);
    const again = await send(token, `/api/tasks/${task.id}`, id, { method: "PATCH", json: { title: "Renamed" } });
    expect(again.status).toBe(404);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
  });

  it("does not remember a change its session could not make: after signing in again it is applied", async () => {
    const { token, user } = await registerUser();
    const id = crypto.randomUUID();
    await api("/api/auth/logout", { method: "POST", token });
    const refused = await send(token, "/api/tasks", id, { method: "POST", json: { title: "Plan the trip" } });
    expect(refused.status).toBe(401);
    expect(await rowsOf("change_receipts", user.id)).toBe(0);
    const newToken = await signInAgain(user.username);
    const applied = await send(newToken, "/api/tasks", id, { method: "POST", json: { title: "Plan the trip" } });
    expect(applied.status).toBe(201);
    expect(await titles(newToken)).toEqual(["Plan the trip"]);
  });

  it("is remembered for eight days, then forgotten", async () => {
    const { token, user } = await registerUser();
    const start = new Date("2026-03-02T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    const id = crypto.randomUUID();
    await send(token, "/api/tasks", id, { method: "POST", json: { title: "Order the flowers" } });
    vi.setSystemTime(start.getTime() + RECEIPT_KEPT_MS - 60_000);
    const late = await send(token, "/api/tasks", id, { method: "POST", json: { title: "Order the flowers" } });
    expect(late.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await rowsOf("change_receipts", user.id)).toBe(1);
    // Any change of the person's after that forgets it.
    vi.setSystemTime(start.getTime() + RECEIPT_KEPT_MS + 60_000);
    await send(token, "/api/tasks", crypto.randomUUID(), { method: "POST", json: { title: "Something else" } });
    expect(await rowsOf("change_receipts", user.id)).toBe(1);
  });

  it("a first attempt still running makes a repeat wait, then say try again; an abandoned one is taken over", async () => {
    const { token, user } = await registerUser();
    const id = crypto.randomUUID();
    const json = { title: "Fix the bike" };
    // What the first request's claim looks like while it runs: the fingerprint of this very change.
    const probe = await send(token, "/api/tasks", id, { method: "POST", json });
    expect(probe.status).toBe(201);
    await env.DB.prepare(
      "update change_receipts set status = null, body = null, created_at = ? where user_id = ? and change_id = ?",
    )
      .bind(Date.now(), user.id, id)
      .run();
    const waiting = await send(token, "/api/tasks", id, { method: "POST", json });
    expect(waiting.status).toBe(409);
    expect(waiting.headers.get("Retry-After")).toBe("1");
    expect(await titles(token)).toEqual(["Fix the bike"]);

    await env.DB.prepare("update change_receipts set created_at = ? where user_id = ? and change_id = ?")
      .bind(Date.now() - ABANDONED_CLAIM_MS - 1000, user.id, id)
      .run();
    const takenOver = await send(token, "/api/tasks", id, { method: "POST", json });
    expect(takenOver.status).toBe(201);
    expect(takenOver.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("leaves reads and changes without an id as they were", async () => {
    const { token, user } = await registerUser();
    await createTask(token, { title: "Read the contract" });
    await createTask(token, { title: "Read the contract again" });
    const read = await api("/api/tasks", { token, headers: { [CHANGE_ID_HEADER]: crypto.randomUUID() } });
    expect(read.status).toBe(200);
    expect(await rowsOf("change_receipts", user.id)).toBe(0);
  });

  it("goes with the account when it is deleted", async () => {
    const { token, user } = await registerUser();
    await send(token, "/api/tasks", crypto.randomUUID(), { method: "POST", json: { title: "Cancel the gym" } });
    expect(await rowsOf("change_receipts", user.id)).toBe(1);
    const res = await api("/api/account", {
      method: "DELETE",
      token,
      headers: { Origin: "http://onething.test" },
      json: { confirmation: user.username, password: PASSWORD },
    });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await rowsOf("change_receipts", user.id)).toBe(0);
  });
});

describe("a replay is an answer like any other", () => {
  it("is refused to a signed-out session: 401, not the first answer", async () => {
    const { token: first, user } = await registerUser();
    const second = await signInAgain(user.username);
    const id = crypto.randomUUID();
    const json = { title: "made by U" };
    expect((await send(first, "/api/tasks", id, { method: "POST", json })).status).toBe(201);
    expect((await api("/api/auth/logout", { method: "POST", token: second })).status).toBe(204);

    const replay = await send(second, "/api/tasks", id, { method: "POST", json });
    expect(replay.status).toBe(401);
    expect(replay.headers.get("Idempotent-Replayed")).toBeNull();
    // The live session still gets its own answer again.
    const own = await send(first, "/api/tasks", id, { method: "POST", json });
    expect(own.status).toBe(201);
    expect(own.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("is refused to a session ended by a password change, saying why", async () => {
    const { token, user } = await registerUser();
    const other = await signInAgain(user.username);
    const id = crypto.randomUUID();
    const json = { title: "Sort the receipts" };
    expect((await send(other, "/api/tasks", id, { method: "POST", json })).status).toBe(201);
    const changed = await withProductionPasswordHash(() =>
      api("/api/account/password", {
        method: "POST",
        token,
        json: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" },
      }),
    );
    expect(changed.status).toBe(200);

    const replay = await send(other, "/api/tasks", id, { method: "POST", json });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toMatch(/password/i);
  });

  it("never hands out a live ticket twice, and none to a signed-out session", async () => {
    const { token, user } = await registerUser();
    const other = await signInAgain(user.username);
    const id = crypto.randomUUID();
    const ticket = async (t: string) => {
      const res = await send(t, "/api/live/ticket", id, { method: "POST" });
      return { status: res.status, replayed: res.headers.get("Idempotent-Replayed"), body: await res.text() };
    };
    const one = await ticket(other);
    const two = await ticket(other);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.replayed).toBeNull();
    expect(two.body).not.toBe(one.body);
    expect(await rowsOf("change_receipts", user.id)).toBe(0);

    expect((await api("/api/auth/logout", { method: "POST", token: other })).status).toBe(204);
    const signedOut = await ticket(other);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).not.toContain('ticket"');
    expect((await ticket(token)).status).toBe(200);
  });

  it("answers a deleted account's token 401 with or without an id, and stores nothing", async () => {
    const { token, user } = await registerUser();
    const res = await api("/api/account", {
      method: "DELETE",
      token,
      headers: { Origin: "http://onething.test" },
      json: { confirmation: user.username, password: PASSWORD },
    });
    expect(res.status).toBe(204);

    const ghost = await send(token, "/api/tasks", crypto.randomUUID(), { method: "POST", json: { title: "ghost" } });
    expect(ghost.status).toBe(401);
    const plain = await api("/api/tasks", { method: "POST", token, json: { title: "ghost" } });
    expect(plain.status).toBe(401);
    expect(await rowsOf("change_receipts", user.id)).toBe(0);
    expect(await rowsOf("tasks", user.id)).toBe(0);
  });

  it("with another query string is another change: 422, and the first stays as it was", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Return the library books" });
    const id = crypto.randomUUID();
    expect((await send(token, `/api/tasks/${task.id}`, id, { method: "DELETE" })).status).toBe(200);
    const other = await send(token, `/api/tasks/${task.id}?complete=true`, id, { method: "DELETE" });
    expect(other.status).toBe(422);
    expect(other.headers.get("Idempotent-Replayed")).toBeNull();
  });
});

describe("what the server keeps for replays stays small", () => {
  it("keeps at most RECEIPTS_KEPT_PER_PERSON ids of a person, the newest", async () => {
    const { token, user } = await registerUser();
    const sent = RECEIPTS_KEPT_PER_PERSON + 30;
    const ids = Array.from({ length: sent }, () => crypto.randomUUID());
    for (const id of ids) {
      const res = await send(token, "/api/day/skip", id, { method: "POST" });
      expect(res.status).toBeLessThan(300);
    }
    expect(await rowsOf("change_receipts", user.id)).toBe(RECEIPTS_KEPT_PER_PERSON);
    // The newest is still answered from its receipt.
    const last = await send(token, "/api/day/skip", ids[sent - 1] as string, { method: "POST" });
    expect(last.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("keeps of a long answer only the ids and titles of its tasks, which a replay still gives", async () => {
    const { token, user } = await registerUser();
    const lines = Array.from(
      { length: 40 },
      (_, i) => `Write the quarterly report section ${i + 1} with the figures from finance`,
    );
    const id = crypto.randomUUID();
    const first = await send(token, "/api/process-tasks", id, { method: "POST", json: { text: lines.join("\n") } });
    expect(first.status).toBe(201);
    const created = (await first.json()) as Task[];
    expect(JSON.stringify(created).length).toBeGreaterThan(REPLAY_BODY_MAX);

    const stored = await env.DB.prepare("select length(body) as n from change_receipts where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(stored?.n).toBeLessThan(JSON.stringify(created).length / 2);
    const replay = await send(token, "/api/process-tasks", id, { method: "POST", json: { text: lines.join("\n") } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toEqual(created.map(({ id, title }) => ({ id, title })));
  });
});
