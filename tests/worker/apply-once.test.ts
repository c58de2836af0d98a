import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import type { AnalyticsRecord } from "../../shared/schemas/analytics-record";
import type { Task } from "../../shared/schemas/tasks";
import { ABANDONED_CLAIM_MS, RECEIPT_KEPT_MS } from "../../worker/http/apply-once";
import { setClock } from "./day-helpers";
import { api, createTask, PASSWORD, registerUser, rowsOf, signInAgain } from "./helpers";

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
