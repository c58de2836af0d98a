import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import { dayOf } from "../../shared/day";
import type { Task } from "../../shared/schemas/tasks";
import { createApp } from "../../worker/app";
import { applyOnce, requireUser } from "../../worker/auth/middleware";
import { readAsUser } from "../../worker/auth/session-read";
import { beginDay } from "../../worker/today/begin-day";
import { api, ORIGIN } from "./helpers";
import { type Continent, registerFrom } from "./homes";

/*
 * One door per job (docs/decisions/387-one-door-per-job.md): requireUser checks the session's token
 * and hands the route the person's databases; applyOnce, named after it, is what replays a change
 * sent with its id. A route whose chain does not name it answers every request anew. beginDay,
 * named after requireUser, is what begins a day not yet begun on the route's session check
 * (docs/decisions/404-the-day-begun-by-a-named-door.md): a route without it leaves the day as it is.
 */

/** How many change ids of this person a database remembers. */
async function receiptsIn(db: D1Database, userId: string): Promise<number> {
  const row = await db
    .prepare("select count(*) as n from change_receipts where user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** One change as a device's outbox sends it: its own id in the header. */
function send(token: string, path: string, changeId: string, init: { method: string; json?: unknown }) {
  return api(path, { ...init, token, headers: { [CHANGE_ID_HEADER]: changeId } });
}

describe.each<Continent>(["EU", "OC"])("a change id replayed, for a person homed from %s", (continent) => {
  it("is applied once, the repeats answered with the first answer, its receipt in the person's home", async () => {
    const person = await registerFrom(continent);
    const id = crypto.randomUUID();
    const task = { method: "POST", json: { title: "Call the plumber" } };
    const first = await send(person.token, "/api/tasks", id, task);
    expect(first.status).toBe(201);
    const repeats = await Promise.all(Array.from({ length: 20 }, () => send(person.token, "/api/tasks", id, task)));
    for (const again of repeats) {
      expect(again.status).toBe(201);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await again.json()).toEqual(await first.clone().json());
    }
    const list = (await (await api("/api/tasks", { token: person.token })).json()) as Task[];
    expect(list.map((t) => t.title)).toEqual(["Call the plumber"]);
    expect(await receiptsIn(person.home, person.user.id)).toBe(1);
    expect(await receiptsIn(person.away, person.user.id)).toBe(0);
  });

  it("of a settings change is applied once too: PATCH /api/account, written once for every home", async () => {
    const person = await registerFrom(continent);
    const id = crypto.randomUUID();
    const change = { method: "PATCH", json: { firstName: "Ada", timeZone: "Europe/Paris" } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(person.token, "/api/account", id, change)));
    const settled = answers.filter((res) => res.status !== 409);
    expect(settled.length).toBeGreaterThan(0);
    for (const res of settled) {
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ firstName: "Ada", timeZone: "Europe/Paris" });
    }
    expect(
      answers.filter((res) => res.headers.get("Idempotent-Replayed") !== "true" && res.status === 200),
    ).toHaveLength(1);
    const user = (await (await api("/api/auth/user", { token: person.token })).json()) as Record<string, unknown>;
    expect(user).toMatchObject({ firstName: "Ada", timeZone: "Europe/Paris" });
  });
});

describe("a route without applyOnce in its chain", () => {
  /** The app with one more route: a write whose chain names requireUser alone, counting its runs. */
  function appWithUncheckedWrite() {
    const app = createApp();
    let runs = 0;
    app.post("/api/doors-test/count", requireUser, async (c) => {
      await readAsUser(c);
      runs += 1;
      return c.json({ runs });
    });
    app.post("/api/doors-test/count-once", requireUser, applyOnce, async (c) => {
      await readAsUser(c);
      runs += 1;
      return c.json({ runs });
    });
    const post = (token: string, path: string, changeId: string) =>
      app.fetch(
        new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, [CHANGE_ID_HEADER]: changeId },
        }),
        env,
      );
    return { post, runs: () => runs };
  }

  it.each<Continent>(["EU", "OC"])(
    "runs every request anew, its change id or not (homed from %s)",
    async (continent) => {
      const person = await registerFrom(continent);
      const { post, runs } = appWithUncheckedWrite();
      const id = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(person.token, "/api/doors-test/count", id)),
      );
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get("Idempotent-Replayed")).toBeNull();
      }
      expect(runs()).toBe(20);
      expect(await receiptsIn(person.home, person.user.id)).toBe(0);
      // The same route with applyOnce named: one run, the repeats replayed.
      const once = crypto.randomUUID();
      for (let i = 0; i < 3; i += 1)
        expect((await post(person.token, "/api/doors-test/count-once", once)).status).toBe(200);
      expect(runs()).toBe(21);
    },
  );
});

/** The last day the person's rows say began. */
async function dayBegunIn(db: D1Database, userId: string): Promise<string | null> {
  const row = await db
    .prepare("select day_begun from users where id = ?")
    .bind(userId)
    .first<{ day_begun: string | null }>();
  return row?.day_begun ?? null;
}

describe("a route without beginDay in its chain", () => {
  /** The app with two more reads: one whose chain names requireUser alone, one that names beginDay too. */
  function appWithTwoReads() {
    const app = createApp();
    app.get("/api/doors-test/read", requireUser, async (c) => {
      const { user } = await readAsUser(c);
      return c.json({ id: user.id });
    });
    app.get("/api/doors-test/read-and-begin", requireUser, beginDay, async (c) => {
      const { user } = await readAsUser(c);
      return c.json({ id: user.id });
    });
    return (token: string, path: string) =>
      app.fetch(new Request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } }), env);
  }

  it.each<Continent>(["EU", "OC"])(
    "does not begin a day not begun; the same read with beginDay named does (homed from %s)",
    async (continent) => {
      const person = await registerFrom(continent);
      const read = appWithTwoReads();
      // The person's rows say the last day begun is long gone: today has not begun.
      await person.home.prepare("update users set day_begun = '2000-01-01' where id = ?").bind(person.user.id).run();
      const answers = await Promise.all(Array.from({ length: 20 }, () => read(person.token, "/api/doors-test/read")));
      for (const res of answers) expect(res.status).toBe(200);
      expect(await dayBegunIn(person.home, person.user.id)).toBe("2000-01-01");
      const begun = await Promise.all(
        Array.from({ length: 20 }, () => read(person.token, "/api/doors-test/read-and-begin")),
      );
      for (const res of begun) expect(res.status).toBe(200);
      const user = (await (await api("/api/auth/user", { token: person.token })).json()) as {
        timeZone: string;
        dayStartHour: number;
      };
      expect(await dayBegunIn(person.home, person.user.id)).toBe(dayOf(new Date(), user.timeZone, user.dayStartHour));
    },
  );
});
