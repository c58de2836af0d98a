import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "../../shared/day";
import { deviceHandle } from "../../worker/auth/sessions";
import { countCalls, type Probe } from "./d1-counting";
import { startSession } from "./focus-helpers";
import { appRoutes, registerSeededUser, routeKey, type SeededUser } from "./hardening-helpers";
import { createTask, PASSWORD } from "./helpers";

/**
 * D1 round trips per request (bench/RESULTS.md keeps the table). From a region far from the D1
 * primary each one costs 100–300 ms, so: a read endpoint makes ONE (session check and data in one
 * batch: readAsUser), a write at most TWO (session check, then one batch). Every route of the app
 * must be listed here, so a new endpoint fails this file until its budget is set: a new read
 * endpoint is one line `"GET /api/x": read()`.
 */
/** Whom a probe runs as: a seeded user, its device handle, and an undo token where one is needed. */
type Subject = SeededUser & { handle: string; undoToken?: string; routineId?: number };

type Budget =
  | { kind: "read" | "write"; max: number; probe?: (u: Subject) => Probe; status?: number }
  | { kind: "not-measured"; why: string };

const read = (probe?: (u: Subject) => Probe, status = 200): Budget => ({
  kind: "read",
  max: 1,
  probe,
  status,
});
const write = (probe?: (u: Subject) => Probe, status = 200, max = 2): Budget => ({
  kind: "write",
  max,
  probe,
  status,
});

const BUDGETS: Record<string, Budget> = {
  "GET /api/health": { kind: "read", max: 0 },
  "GET /api/auth/providers": { kind: "read", max: 0 },
  "GET /api/login": { kind: "read", max: 0, status: 302 },
  "GET /api/auth/user": read(),
  "GET /api/account": read(),
  "GET /api/account/sessions": read(),
  "GET /api/account/export": read(),
  "GET /api/account/export.csv": read(),
  "GET /api/tasks": read(),
  "GET /api/analytics": read(() => ({ path: "/api/analytics?startDate=2026-01-01&endDate=2026-01-07" })),
  "GET /api/analytics/today": read(),
  "GET /api/focus-sessions": read(),
  "GET /api/timer": read(),
  "GET /api/day": read(),
  "GET /api/history": read(),
  "GET /api/auth/oidc/callback": { kind: "not-measured", why: "needs the identity provider's redirect (oidc.test.ts)" },
  "GET /api/live": { kind: "not-measured", why: "a WebSocket upgrade with a ticket; its D1 check runs in the hub" },

  "GET /api/logout": write(
    (u) => ({ headers: { Cookie: `__Host-onething_session=${u.token}`, "Sec-Fetch-Site": "same-origin" } }),
    302,
  ),
  "POST /api/auth/register": write(() => {
    const name = `u${crypto.randomUUID().slice(0, 8)}`;
    return { json: { username: name, email: `${name}@example.com`, password: PASSWORD } };
  }, 201),
  "POST /api/auth/login": write((u) => ({ json: { login: u.user.username, password: PASSWORD } })),
  "POST /api/auth/logout": write(undefined, 204),
  "PATCH /api/account": write(() => ({ json: { firstName: "Ada" } })),
  "POST /api/account/password": write(() => ({
    json: { currentPassword: PASSWORD, newPassword: "another good password" },
  })),
  "DELETE /api/account": write((u) => ({ json: { confirmation: u.user.username, password: PASSWORD } }), 204),
  "DELETE /api/account/sessions": write(),
  "DELETE /api/account/sessions/:id": write((u) => ({ path: `/api/account/sessions/${u.handle}` }), 204),
  "POST /api/tasks": write(() => ({ json: { title: "Write the report" } }), 201),
  "PATCH /api/tasks/:id": write((u) => ({ path: `/api/tasks/${u.taskId}`, json: { isCompleted: true } })),
  "DELETE /api/tasks/:id": write((u) => ({ path: `/api/tasks/${u.taskId}` })),
  // The undo token of a removal made just before (below).
  "POST /api/undo": write((u) => ({ json: { token: u.undoToken } })),
  "POST /api/process-tasks": write(() => ({ json: { text: "one; two" } }), 201),
  "PATCH /api/tasks/:id/answers": write((u) => ({ path: `/api/tasks/${u.taskId}/answers`, json: { urgent: true } })),
  "POST /api/tasks/priorities": write((u) => ({ json: { tasks: [{ id: u.taskId, answers: { urgent: true } }] } })),
  "POST /api/tasks/clear": write(undefined, 204),
  "POST /api/start-fresh": write(undefined, 204),
  "POST /api/no-list/commit": write((u) => ({ json: { items: [{ id: u.taskId }] } })),
  "POST /api/no-list/clear": write((u) => ({ json: { ids: [u.taskId] } })),
  // The seeded task is on the No list for this one (below).
  "POST /api/no-list/again": write((u) => ({ json: { ids: [u.taskId] } })),
  "POST /api/day/plan": write((u) => ({ json: { priorityTaskIds: [u.taskId], noListTaskIds: [] } })),
  "POST /api/day/skip": write(),
  "POST /api/day/close": write((u) => ({ json: { note: "A good day", moves: [{ id: u.taskId, to: "done" }] } })),
  "DELETE /api/day/close": write(),
  "POST /api/tasks/:id/reopen": write((u) => ({ path: `/api/tasks/${u.taskId}/reopen` })),
  "POST /api/analytics/clear": write(undefined, 204),
  "POST /api/focus-sessions": write((u) => ({ json: { taskId: u.taskId, duration: 1500 } }), 201),
  "PATCH /api/focus-sessions/:id/complete": write((u) => ({
    path: `/api/focus-sessions/${u.focusSessionId}/complete`,
  })),
  "POST /api/timer/pause": write(),
  "POST /api/timer/resume": write(),
  "POST /api/timer/end": write(),
  "POST /api/timer/reset": write(),
  "POST /api/timer/acknowledge": write(),
  "POST /api/timer/break": write(),
  "POST /api/live/ticket": write(),
  "POST /api/ai/task-suggestions": write(() => ({ json: { prompt: "plan my week" } })),
  "GET /api/push": read(),
  "POST /api/push/subscriptions": write(
    () => ({
      json: { endpoint: "https://push.invalid/d1-calls", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } },
    }),
    204,
  ),
  "DELETE /api/push/subscriptions": write(undefined, 204),
  "GET /api/routines": read(),
  "POST /api/routines": write(() => ({ json: { title: "Stretch", repeat: { every: "day" } } }), 201),
  "POST /api/routines/import": write(
    () => ({
      json: {
        routines: [
          { title: "Read", repeat: { every: "day" } },
          { title: "Run", repeat: { timesPerWeek: 3 } },
        ],
      },
    }),
    201,
  ),
  // A routine made just before (below).
  "PATCH /api/routines/:id": write((u) => ({ path: `/api/routines/${u.routineId}`, json: { paused: true } })),
  "POST /api/routines/:id/skip": write((u) => ({ path: `/api/routines/${u.routineId}/skip`, json: {} })),
  "DELETE /api/routines/:id": write((u) => ({ path: `/api/routines/${u.routineId}` }), 204),
};

const routes = appRoutes();

describe("D1 calls per request", () => {
  it("every route of the app has a budget here", () => {
    const unlisted = routes.map(routeKey).filter((key) => !(key in BUDGETS));
    expect(unlisted, "give these routes a D1 budget in d1-calls.test.ts").toEqual([]);
    const known = new Set(routes.map(routeKey));
    expect(Object.keys(BUDGETS).filter((key) => !known.has(key))).toEqual([]);
  });

  const measured = routes.filter((route) => BUDGETS[routeKey(route)]?.kind !== "not-measured");
  let user: Subject;
  beforeAll(async () => {
    const seeded = await registerSeededUser();
    user = { ...seeded, handle: await deviceHandle(seeded.deviceSessionId) };
  });

  it.each(measured.map((route) => [routeKey(route), route] as const))("%s", async (key, route) => {
    const budget = BUDGETS[key];
    if (!budget || budget.kind === "not-measured") throw new Error(key);
    // A fresh user per write (some sign out or delete); its timer runs for the timer routes.
    let subject = user;
    if (budget.kind === "write") {
      const seeded = await registerSeededUser();
      subject = { ...seeded, handle: await deviceHandle(seeded.deviceSessionId) };
      // The seeded task is completed; a focus session needs an open one.
      if (key === "POST /api/focus-sessions" || key === "POST /api/day/plan") {
        subject = { ...subject, taskId: (await createTask(subject.token, { title: "Open task" })).id };
      }
      if (key === "POST /api/no-list/again") {
        const said = await createTask(subject.token, { title: "Said no to" });
        await countCalls("POST", "/api/no-list/commit", { json: { items: [{ id: said.id }] } }, subject.token);
        subject = { ...subject, taskId: said.id };
      }
      if (key.startsWith("POST /api/timer/") && !key.endsWith("/break")) {
        await startSession(subject.token, (await createTask(subject.token, { title: "Deep work" })).id);
        if (key.endsWith("/resume")) await countCalls("POST", "/api/timer/pause", {}, subject.token);
        if (key.endsWith("/acknowledge")) await countCalls("POST", "/api/timer/end", {}, subject.token);
      }
      if (key.includes("/api/routines/:id")) {
        const made = await countCalls(
          "POST",
          "/api/routines",
          { json: { title: "Take the medicine", repeat: { every: "day" } } },
          subject.token,
        );
        subject = { ...subject, routineId: (JSON.parse(made.text) as { id: number }).id };
      }
      if (key === "POST /api/undo") {
        const removal = await countCalls("DELETE", `/api/tasks/${subject.taskId}`, {}, subject.token);
        subject = { ...subject, undoToken: (JSON.parse(removal.text) as { undoToken: string }).undoToken };
      }
    }
    const probe = budget.probe?.(subject) ?? {};
    // Measured on a day begun already, whatever the minute the suite crosses a day's start at; the
    // day's first request is measured below.
    await beginToday(subject.user.id);
    const { status, text, calls } = await countCalls(route.method, probe.path ?? route.path, probe, subject.token);
    expect(status, `${key}: ${text}`).toBe(budget.status ?? 200);
    console.log(`D1 calls | ${key} | ${calls.length} | ${calls.join(", ")}`);
    expect(calls.length, `${key} made ${calls.join(", ")}`).toBeLessThanOrEqual(budget.max);
  });
});

/** How far ahead beginToday marks the day begun: more than a slow run takes from the mark to the request. */
const BEGUN_AHEAD_MS = 10 * 60_000;

/**
 * Marks the person's day as begun in their row (users.day_begun), as its first request would have:
 * the day of ten minutes from now, so that the request measured next finds its day begun even when
 * a slow run crosses the day's start between the two (then today is that day; before it, a day
 * begun later than today is begun too).
 */
async function beginToday(userId: string): Promise<void> {
  const row = await env.DB.prepare("select time_zone, day_start_hour from users where id = ?")
    .bind(userId)
    .first<{ time_zone: string; day_start_hour: number }>();
  if (!row) throw new Error("no such user");
  await env.DB.prepare("update users set day_begun = ? where id = ?")
    .bind(dayOf(new Date(Date.now() + BEGUN_AHEAD_MS), row.time_zone, row.day_start_hour), userId)
    .run();
}

/**
 * A day's first request runs the day-start step before it answers, then reads again (two calls
 * more, once per person and day: docs/decisions/259-the-day-begins-on-the-server.md,
 * docs/decisions/281-one-occurrence-made-at-day-start.md); the session check that finds the day
 * not begun is part of its first read.
 */
describe("D1 calls of a day's first request", () => {
  it("a read that begins the day: its read, the day-start step, its read again; the next read one call again", async () => {
    const seeded = await registerSeededUser();
    await env.DB.prepare("update users set day_begun = date(day_begun, '-1 day') where id = ?")
      .bind(seeded.user.id)
      .run();
    const first = await countCalls("GET", "/api/day", {}, seeded.token);
    expect(first.status, first.text).toBe(200);
    console.log(`D1 calls | GET /api/day (the day's first) | ${first.calls.length} | ${first.calls.join(", ")}`);
    // Read again after the step: today's rows (the routines' occurrences) came after the first read.
    expect(first.calls).toEqual(["batch", "batch", "batch"]);
    const next = await countCalls("GET", "/api/day", {}, seeded.token);
    expect(next.calls).toEqual(["batch"]);
  });
});

/**
 * PATCH .../complete has three paths; the table above measures the seeded session, completed
 * already. These are the other two: a session the timer runs (the hub writes it; the answer is
 * read after) and an open one the timer does not run (completed by the request's own batch).
 */
describe("D1 calls of completing a focus session", () => {
  it("an open session the timer does not run: the check and the row, then the completion", async () => {
    const seeded = await registerSeededUser();
    const task = await createTask(seeded.token, { title: "Own timer" });
    const inserted = await env.DB.prepare(
      "insert into focus_sessions (user_id, task_id, duration, started_at) values (?, ?, 300, ?) returning id",
    )
      .bind(seeded.user.id, task.id, Date.now() - 60_000)
      .first<{ id: number }>();
    const { status, text, calls } = await countCalls(
      "PATCH",
      `/api/focus-sessions/${inserted?.id}/complete`,
      {},
      seeded.token,
    );
    expect(status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ id: inserted?.id, isCompleted: true, focusedSeconds: 60 });
    console.log(`D1 calls | PATCH /api/focus-sessions/:id/complete (no timer) | ${calls.length} | ${calls.join(", ")}`);
    expect(calls).toEqual(["batch", "batch"]);
  });

  it("the session the timer runs: the check and the row, then the row the hub completed", async () => {
    const seeded = await registerSeededUser();
    const started = await startSession(seeded.token, (await createTask(seeded.token, { title: "Deep work" })).id);
    const { status, text, calls } = await countCalls(
      "PATCH",
      `/api/focus-sessions/${started.id}/complete`,
      {},
      seeded.token,
    );
    expect(status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ id: started.id, isCompleted: true });
    console.log(`D1 calls | PATCH /api/focus-sessions/:id/complete (timer) | ${calls.length} | ${calls.join(", ")}`);
    expect(calls.length).toBeLessThanOrEqual(2);
  });
});
