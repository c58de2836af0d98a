import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { deviceHandle } from "../../worker/auth/sessions";
import { startSession } from "./focus-helpers";
import {
  type AppRoute,
  appRoutes,
  expectErrorShape,
  registerSeededUser,
  routeKey,
  type SeededUser,
  snapshotUser,
} from "./hardening-helpers";
import { api, createTask, ORIGIN, PASSWORD } from "./helpers";

/**
 * The authorization matrix. Every route of the Hono app must be classified here, so a route added
 * later fails this file until someone decides who may call it:
 * - public: anyone may call it (sign-in, health, the full-page login/logout navigations);
 * - foreign-id: takes another user's id (path or body); a second user gets 404 and nothing changes;
 * - own-user: works on the caller's own data only; a second user's call never shows or changes the
 *   first user's data.
 * Every non-public route answers 401 without credentials and 403 to a cookie-only change from a
 * foreign Origin; both are generated for every route below.
 */
type Probe = { path?: string; json?: unknown };
type Classification =
  | { kind: "public"; why: string }
  | { kind: "ticket"; why: string }
  | { kind: "foreign-id"; probe: (a: SeededUser & { deviceHandle: string }) => Probe }
  | { kind: "own-user"; probe?: (a: SeededUser, b: SeededUser) => Probe };

const CLASSIFICATION: Record<string, Classification> = {
  "GET /api/health": { kind: "public", why: "liveness probe" },
  "POST /api/auth/register": { kind: "public", why: "creates an account" },
  "POST /api/auth/login": { kind: "public", why: "signs in" },
  "GET /api/auth/providers": { kind: "public", why: "tells the login page which sign-ins exist" },
  "GET /api/login": { kind: "public", why: "starts the identity provider sign-in (navigation)" },
  "GET /api/logout": { kind: "public", why: "navigation that signs the cookie's session out" },
  "GET /api/auth/oidc/callback": { kind: "public", why: "identity provider redirect back" },
  "GET /api/live": { kind: "ticket", why: "WebSocket: authenticated by a live ticket (security-tokens)" },

  "PATCH /api/tasks/:id": {
    kind: "foreign-id",
    probe: (a) => ({ path: `/api/tasks/${a.taskId}`, json: { title: "x" } }),
  },
  "PATCH /api/tasks/:id/answers": {
    kind: "foreign-id",
    probe: (a) => ({ path: `/api/tasks/${a.taskId}/answers`, json: { urgent: true } }),
  },
  "DELETE /api/tasks/:id": { kind: "foreign-id", probe: (a) => ({ path: `/api/tasks/${a.taskId}` }) },
  "POST /api/tasks/priorities": {
    kind: "foreign-id",
    probe: (a) => ({ json: { tasks: [{ id: a.taskId, answers: { urgent: true } }] } }),
  },
  "POST /api/no-list/commit": { kind: "foreign-id", probe: (a) => ({ json: { items: [{ id: a.taskId }] } }) },
  "POST /api/no-list/clear": { kind: "foreign-id", probe: (a) => ({ json: { ids: [a.taskId] } }) },
  "POST /api/focus-sessions": { kind: "foreign-id", probe: (a) => ({ json: { taskId: a.taskId, duration: 1500 } }) },
  "PATCH /api/focus-sessions/:id/complete": {
    kind: "foreign-id",
    probe: (a) => ({ path: `/api/focus-sessions/${a.focusSessionId}/complete` }),
  },
  "POST /api/tasks/:id/reopen": { kind: "foreign-id", probe: (a) => ({ path: `/api/tasks/${a.taskId}/reopen` }) },
  "POST /api/no-list/again": { kind: "foreign-id", probe: (a) => ({ json: { ids: [a.taskId] } }) },
  "POST /api/day/close": { kind: "foreign-id", probe: (a) => ({ json: { moves: [{ id: a.taskId, to: "later" }] } }) },
  "POST /api/day/plan": {
    kind: "foreign-id",
    probe: (a) => ({ json: { priorityTaskIds: [a.taskId], noListTaskIds: [] } }),
  },
  "DELETE /api/account/sessions/:id": {
    kind: "foreign-id",
    probe: (a) => ({ path: `/api/account/sessions/${a.deviceHandle}` }),
  },

  // A token names one removal of the caller's own; another user's token is as unknown as a random one.
  "POST /api/undo": { kind: "own-user", probe: () => ({ json: { token: crypto.randomUUID() } }) },
  "GET /api/auth/user": { kind: "own-user" },
  "POST /api/auth/logout": { kind: "own-user" },
  "GET /api/account": { kind: "own-user" },
  // Taking the other user's name is refused (409); the other account is untouched.
  "PATCH /api/account": { kind: "own-user", probe: (a) => ({ json: { username: a.user.username } }) },
  "POST /api/account/password": {
    kind: "own-user",
    probe: () => ({ json: { currentPassword: PASSWORD, newPassword: "another good password" } }),
  },
  "DELETE /api/account": {
    kind: "own-user",
    probe: (_a, b) => ({ json: { confirmation: b.user.username, password: PASSWORD } }),
  },
  "GET /api/account/sessions": { kind: "own-user" },
  "DELETE /api/account/sessions": { kind: "own-user" },
  "GET /api/account/export": { kind: "own-user" },
  "GET /api/account/export.csv": { kind: "own-user" },
  "GET /api/tasks": { kind: "own-user" },
  "POST /api/tasks": { kind: "own-user", probe: () => ({ json: { title: "A task of my own" } }) },
  "GET /api/analytics": {
    kind: "own-user",
    probe: () => ({ path: "/api/analytics?startDate=2026-01-01&endDate=2026-01-02" }),
  },
  "GET /api/analytics/today": { kind: "own-user" },
  "GET /api/day": { kind: "own-user" },
  "GET /api/routines": { kind: "own-user" },
  "POST /api/routines": { kind: "own-user", probe: () => ({ json: { title: "Stretch", repeat: { every: "day" } } }) },
  "POST /api/routines/import": {
    kind: "own-user",
    probe: () => ({ json: { routines: [{ title: "Stretch", repeat: { every: "day" } }] } }),
  },
  // The first user's routine, made below.
  "PATCH /api/routines/:id": {
    kind: "foreign-id",
    probe: () => ({ path: `/api/routines/${routineOfA}`, json: { paused: true } }),
  },
  "POST /api/routines/:id/skip": {
    kind: "foreign-id",
    probe: () => ({ path: `/api/routines/${routineOfA}/skip`, json: { reason: "mine" } }),
  },
  "DELETE /api/routines/:id": { kind: "foreign-id", probe: () => ({ path: `/api/routines/${routineOfA}` }) },
  "GET /api/history": { kind: "own-user" },
  "POST /api/day/skip": { kind: "own-user" },
  "DELETE /api/day/close": { kind: "own-user" },
  "POST /api/analytics/clear": { kind: "own-user" },
  "POST /api/process-tasks": { kind: "own-user", probe: () => ({ json: { text: "one; two" } }) },
  "POST /api/tasks/clear": { kind: "own-user" },
  "POST /api/start-fresh": { kind: "own-user" },
  "GET /api/focus-sessions": { kind: "own-user" },
  "GET /api/timer": { kind: "own-user" },
  "POST /api/timer/pause": { kind: "own-user" },
  "POST /api/timer/resume": { kind: "own-user" },
  "POST /api/timer/end": { kind: "own-user" },
  "POST /api/timer/reset": { kind: "own-user" },
  "POST /api/timer/acknowledge": { kind: "own-user" },
  "POST /api/timer/break": { kind: "own-user" },
  "POST /api/live/ticket": { kind: "own-user" },
  "POST /api/ai/task-suggestions": { kind: "own-user", probe: () => ({ json: { prompt: "plan my week" } }) },
  "GET /api/push": { kind: "own-user" },
  "POST /api/push/subscriptions": {
    kind: "own-user",
    probe: () => ({
      json: { endpoint: "https://push.invalid/push/authz", keys: { p256dh: "BPrObE", auth: "YXV0aHNlY3JldA" } },
    }),
  },
  // Another user's endpoint is left alone: the delete only matches the caller's own rows.
  "DELETE /api/push/subscriptions": {
    kind: "own-user",
    probe: () => ({ json: { endpoint: "https://push.invalid/x" } }),
  },
};

const routes = appRoutes();
const classified = (route: AppRoute) => CLASSIFICATION[routeKey(route)];
const protectedRoutes = routes.filter((route) => {
  const kind = classified(route)?.kind;
  return kind === "foreign-id" || kind === "own-user";
});
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A concrete path for a route pattern: path parameters get one of the first user's ids. */
function concretePath(route: AppRoute, a: SeededUser & { deviceHandle: string }): string {
  const probe = probeOf(route, a, a);
  return probe.path ?? route.path.replace(":id", String(a.taskId));
}

function probeOf(route: AppRoute, a: SeededUser & { deviceHandle: string }, b: SeededUser): Probe {
  const entry = classified(route);
  if (entry?.kind === "foreign-id") return entry.probe(a);
  if (entry?.kind === "own-user" && entry.probe) return entry.probe(a, b);
  return {};
}

let a: SeededUser & { deviceHandle: string };
/** The first user's routine (every day: today's occurrence is open). */
let routineOfA = 0;
let b: SeededUser | undefined;

/** The first user's live timer, which lives in their Durable Object rather than in D1. */
async function timerOfA(): Promise<string> {
  const res = await api("/api/timer", { token: a.token });
  return JSON.stringify(((await res.json()) as { state: unknown }).state);
}

/** The day the first user's rows say has begun (users.day_begun). */
async function dayBegunOfA(): Promise<string | null> {
  const row = await env.DB.prepare("select day_begun from users where id = ?")
    .bind(a.user.id)
    .first<{ day_begun: string | null }>();
  return row?.day_begun ?? null;
}

beforeAll(async () => {
  const seeded = await registerSeededUser();
  a = { ...seeded, deviceHandle: await deviceHandle(seeded.deviceSessionId) };
  // A running focus session, so that another user's timer calls have something to disturb.
  await startSession(a.token, (await createTask(a.token, { title: "Deep work" })).id);
  const routine = await api("/api/routines", {
    method: "POST",
    token: a.token,
    json: { title: "Take the medicine", repeat: { every: "day" } },
  });
  routineOfA = ((await routine.json()) as { id: number }).id;
});

describe("the route list is fully classified", () => {
  it("every route of the app is in the matrix", () => {
    const unclassified = routes.map(routeKey).filter((key) => !(key in CLASSIFICATION));
    expect(unclassified, "classify these routes in security-authz.test.ts").toEqual([]);
  });

  it("every entry of the matrix is a route of the app", () => {
    const known = new Set(routes.map(routeKey));
    expect(Object.keys(CLASSIFICATION).filter((key) => !known.has(key))).toEqual([]);
  });

  it("covers every route that takes an id as foreign-id", () => {
    const withId = routes.filter((route) => route.path.includes(":")).map(routeKey);
    for (const key of withId) expect(CLASSIFICATION[key]?.kind, key).toBe("foreign-id");
  });
});

describe("without credentials every non-public route answers 401", () => {
  it.each(protectedRoutes.map((route) => [routeKey(route), route] as const))("%s", async (_key, route) => {
    const before = await snapshotUser(a.user);
    const path = concretePath(route, a);
    const plain = await api(path, { method: route.method, ...(SAFE_METHODS.has(route.method) ? {} : { json: {} }) });
    expect(plain.status).toBe(401);
    await expectErrorShape(plain, routeKey(route));
    const forged = await api(path, {
      method: route.method,
      headers: { Cookie: "__Host-onething_session=not.a.token", Authorization: "Bearer forged" },
    });
    expect(forged.status).toBe(401);
    await expectErrorShape(forged, routeKey(route));
    expect(await snapshotUser(a.user)).toBe(before);
  });
});

describe("a cookie-only change from a foreign Origin answers 403", () => {
  const changing = protectedRoutes.filter((route) => !SAFE_METHODS.has(route.method));
  it.each(changing.map((route) => [routeKey(route), route] as const))("%s", async (_key, route) => {
    const before = await snapshotUser(a.user);
    const probe = probeOf(route, a, a);
    const res = await api(probe.path ?? concretePath(route, a), {
      method: route.method,
      headers: { Cookie: `__Host-onething_session=${a.token}`, Origin: "https://evil.example" },
      ...(probe.json === undefined ? {} : { json: probe.json }),
    });
    expect(res.status).toBe(403);
    await expectErrorShape(res, routeKey(route));
    expect(await snapshotUser(a.user)).toBe(before);
  });
});

describe("a second user cannot reach the first user's data", () => {
  it.each(protectedRoutes.map((route) => [routeKey(route), route] as const))("%s", async (key, route) => {
    const entry = classified(route);
    // One second user for the whole table, replaced when a route signed them out or deleted them.
    if (!b || (await api("/api/auth/user", { token: b.token })).status !== 200) b = await registerSeededUser();
    // The suite's clock crosses a day's start (docs/decisions/238-browser-suite-runs-across-a-days-start.md):
    // the first user's day may begin during the request, by the hub or their own step, which writes
    // their routine's days. That is the server's doing, not the request's: the route is asked once more.
    for (let attempt = 0; ; attempt += 1) {
      const dayBefore = await dayBegunOfA();
      const before = await snapshotUser(a.user);
      const timerBefore = await timerOfA();
      const ownBefore = await snapshotUser(b.user);
      const probe = probeOf(route, a, b);
      const res = await api(probe.path ?? route.path, {
        method: route.method,
        token: b.token,
        ...(probe.json === undefined ? {} : { json: probe.json }),
      });
      const text = await res.text();
      if (entry?.kind === "foreign-id") {
        expect(res.status, text).toBe(404);
        await expectErrorShape(new Response(text, { headers: res.headers }), key);
        // A refused request changes nothing at all, not even the caller's own analytics.
        expect(await snapshotUser(b.user), key).toBe(ownBefore);
      } else {
        expect(res.status, text).toBeLessThan(500);
        expect(res.status, text).not.toBe(401);
      }
      // Nothing of the first user shows in the answer: id, names, task title, session.
      for (const secret of [a.user.id, a.user.username, a.user.email, a.deviceSessionId, a.deviceHandle]) {
        expect(text.includes(secret), `${key} answered ${secret}`).toBe(false);
      }
      const after = await snapshotUser(a.user);
      if (after !== before && attempt === 0 && (await dayBegunOfA()) !== dayBefore) continue;
      expect(after, key).toBe(before);
      expect(await timerOfA(), key).toBe(timerBefore);
      break;
    }
    // The first user still works normally.
    expect((await api("/api/tasks", { token: a.token })).status).toBe(200);
  });
});

describe("public routes stay public", () => {
  const publicRoutes = routes.filter((route) => classified(route)?.kind === "public" && route.method === "GET");
  it.each(publicRoutes.map((route) => [routeKey(route), route] as const))("%s never answers 401", async (_k, route) => {
    const res = await api(route.path, { redirect: "manual", headers: { Origin: ORIGIN } });
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(500);
  });
});

describe("refused requests leave the caller's own data alone too", () => {
  it("DELETE of a missing or foreign task writes no analytics row", async () => {
    const fresh = await registerSeededUser();
    const before = await snapshotUser(fresh.user);
    for (const path of [`/api/tasks/${a.taskId}`, "/api/tasks/999999999"]) {
      const res = await api(path, { method: "DELETE", token: fresh.token });
      expect(res.status).toBe(404);
      await expectErrorShape(res, path);
    }
    expect(await snapshotUser(fresh.user)).toBe(before);
  });
});
