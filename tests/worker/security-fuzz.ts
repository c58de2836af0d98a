import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession, deviceHandle } from "../../worker/auth/sessions";
import { SESSION_TTL_MS, signToken } from "../../worker/auth/tokens";
import { createDb } from "../../worker/db/client";
import {
  type AppRoute,
  appRoutes,
  expectErrorShape,
  registerSeededUser,
  routeKey,
  type SeededUser,
  snapshotUser,
} from "./hardening-helpers";
import { api, ORIGIN } from "./helpers";

/**
 * Property-based fuzzing of every route: FUZZ_RUNS requests in total (just over 10,000 by default,
 * see vitest.config.ts), spread evenly over the app's route list. Whatever arrives, the answer is
 * never a 5xx, every 4xx has the one JSON error shape, and a refused request leaves the user's
 * rows exactly as they were. The routes are split over the security-fuzz-*.test.ts files so the
 * parts run in parallel.
 */
const allRoutes = appRoutes();
const totalRuns = Number(env.FUZZ_RUNS) || 10_100;
const runsPerRoute = Math.ceil(totalRuns / allRoutes.length);
const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : undefined;

// A refused sign-in or re-entered password is meant to count against the throttle.
const COUNTS_FAILURES = new Set(["POST /api/auth/login", "POST /api/account/password", "DELETE /api/account"]);

/** Every field name the API's schemas know, so generated objects reach deep into validation. */
const FIELD_NAMES = [
  "title",
  "description",
  "category",
  "isCompleted",
  "isPriority",
  "noListReason",
  "text",
  "allowDuplicates",
  "tasks",
  "answers",
  "urgent",
  "effort",
  "id",
  "items",
  "ids",
  "reason",
  "taskId",
  "duration",
  "keepTask",
  "prompt",
  "username",
  "email",
  "password",
  "login",
  "timeZone",
  "firstName",
  "lastName",
  "currentPassword",
  "newPassword",
  "confirmation",
  "defaultFocusMinutes",
  "dayStartHour",
  "planReminder",
  "enabled",
  "time",
  "priorityTaskIds",
  "noListTaskIds",
  "__proto__",
  "constructor",
];
const QUERY_NAMES = ["startDate", "endDate", "from", "to", "forceZero", "ticket", "timeZone", "code", "state", "error"];

let user: SeededUser & { deviceHandle: string };
let token: string;
let sessionId: string;
let requests = 0;

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "💥".repeat(300),
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "[REMOVED] Task 1",
    "2026-02-30",
    "9999-99-99",
    "Not/AZone",
    "DELETE",
    "true",
    "NaN",
    "Infinity",
  ),
  // Past every field's limit (the 1 MB body limit has its own test in security-edges).
  fc.constantFrom(257, 2_001, 70_000).map((n) => "x".repeat(n)),
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 1.5, 300, 7200, 60, 25),
);
/** One of the fuzzed user's own ids (read when generated, after the user exists). */
const ownIdNumber = fc
  .constantFrom("task", "next", "focus")
  .map((which) => (which === "task" ? user.taskId : which === "next" ? user.taskId + 1 : user.focusSessionId));
const leafValue = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("urgent", "later", "delegate", "no_list", "Small", "Large"),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: "small" }, leafValue, leafValue, tie("array"), tie("object")),
  array: fc.array(tie("any"), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("any"), { maxKeys: 5 }),
})).any;

/** Objects shaped like the API's payloads: known field names, hostile values, sometimes an own id. */
const fieldObject = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })),
  fc.oneof(value, fc.array(fc.oneof(ownIdNumber, nastyNumber), { maxLength: 3 })),
  { maxKeys: 6 },
);

type Body = { raw: string } | { none: true };
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 5, arbitrary: fieldObject.map((o) => ({ raw: JSON.stringify(o) })) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => ({ raw: JSON.stringify(v) ?? "null" })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => ({ raw: `{${s}` })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("", "{", "[]", "null", "{'a':1}", '{"a":}', "\u0000").map((raw) => ({ raw })),
  },
  { weight: 1, arbitrary: fc.constant({ none: true as const }) },
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  undefined,
);
type Auth = "bearer" | "none" | "garbage" | "cookie-own-origin";
const auth = fc.constantFrom<Auth>(
  "bearer",
  "bearer",
  "bearer",
  "bearer",
  "bearer",
  "none",
  "garbage",
  "cookie-own-origin",
);

const pathParam = fc.oneof(
  fc.constantFrom("1", "0", "-1", "1.5", "1e3", "0x10", "99999999999999999999", " 1", "null", "%00"),
  fc.integer().map(String),
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.constant(null).map(() => String(user.taskId)),
  fc.constant(null).map(() => String(user.focusSessionId)),
  fc.constant(null).map(() => user.deviceHandle),
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 8 })), nastyString, {
  maxKeys: 3,
});

function requestFor(route: AppRoute) {
  return fc.record({
    param: pathParam,
    query,
    body,
    contentType,
    auth,
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(route.method) },
      fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
    ),
  });
}

/** The fuzzed user keeps a working session: a request that signed it out gets a new one. */
async function freshSession() {
  const { sid } = await createSession(createDb(env.DB), user.user.id, { method: "password" });
  sessionId = sid;
  token = await signToken(env.AUTH_SECRET, { userId: user.user.id, sessionId: sid }, "session", SESSION_TTL_MS);
}

async function sessionAlive() {
  const row = await env.DB.prepare("select 1 as ok from sessions where sid = ?").bind(sessionId).first();
  return row !== null;
}

/** Fuzzes every parts-th route starting at part (0-based); the parts together cover every route. */
export function fuzzRoutes(part: number, parts: number) {
  const routes = allRoutes.filter((_, index) => index % parts === part);

  beforeAll(async () => {
    // Refused sign-ins through the identity provider log a warning each; thousands of them are noise.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const seeded = await registerSeededUser();
    user = { ...seeded, deviceHandle: await deviceHandle(seeded.deviceSessionId) };
    token = seeded.token;
    sessionId = seeded.deviceSessionId;
  });

  afterAll(() => {
    vi.restoreAllMocks();
    // Printed so a run's size is visible in the log; the last test asserts it.
    console.info(`security fuzz: ${requests} generated requests over ${routes.length} routes`);
  });

  type FuzzRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer T> ? T : never;

  /** Sends one generated request as the fuzzed user (or as nobody) and checks the answer's form. */
  async function send(route: AppRoute, req: FuzzRequest, replay = false) {
    const path = route.path.replace(":id", req.param);
    const search = new URLSearchParams(req.query).toString();
    const headers: Record<string, string> = {};
    if (req.contentType) headers["Content-Type"] = req.contentType;
    if (req.auth === "bearer") headers.Authorization = `Bearer ${token}`;
    if (req.auth === "garbage") headers.Authorization = "Bearer e30.e30.";
    if (req.auth === "cookie-own-origin") {
      headers.Cookie = `__Host-onething_session=${token}`;
      headers.Origin = ORIGIN;
    }
    if (!replay) requests += 1;
    const res = await api(`${path}${search ? `?${search}` : ""}`, {
      method: req.method,
      headers,
      redirect: "manual",
      ...("raw" in req.body && req.method !== "GET" ? { body: req.body.raw } : {}),
    });
    const context = `${req.method} ${path} -> ${res.status}`;
    expect(res.status, context).toBeLessThan(500);
    if (res.status >= 400) await expectErrorShape(res, context);
    else await res.body?.cancel();
    return { rejected: res.status >= 400, changes: !SAFE_METHODS.has(req.method), context };
  }

  const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
  /** Requests sent at once; the database is compared before and after each such group. */
  const GROUP = 8;

  describe("fuzzing every route", () => {
    it.each(routes.map((route) => [routeKey(route), route] as const))(
      "%s",
      async (key, route) => {
        const failureCounters = !COUNTS_FAILURES.has(key);
        const snapshot = () => snapshotUser(user.user, { failureCounters });
        // The state after one group is the state before the next, unless something else wrote since.
        let known: string | undefined;
        await fc.assert(
          fc.asyncProperty(fc.array(requestFor(route), { minLength: GROUP, maxLength: GROUP }), async (group) => {
            const before = known ?? (await snapshot());
            known = undefined;
            const results = await Promise.all(group.map((req) => send(route, req)));
            const accepted = results.filter((result) => !result.rejected && result.changes);
            const after = await snapshot();
            if (accepted.length === 0) {
              // Nothing was accepted that may change data (or only reads were): nothing may have changed.
              expect(after, `one of ${results.map((r) => r.context).join(", ")} changed the database`).toBe(before);
            } else if (after !== before) {
              // An accepted change hides what the refused ones did: replay those one by one and compare.
              if (!(await sessionAlive())) await freshSession();
              for (const [i, req] of group.entries()) {
                if (!results[i]?.rejected) continue;
                const replayBefore = await snapshot();
                const replay = await send(route, req, true);
                if (replay.rejected)
                  expect(await snapshot(), `${replay.context} changed the database`).toBe(replayBefore);
              }
              if (!(await sessionAlive())) await freshSession();
              return;
            }
            // The sessions table is in the snapshot: a missing session id means this group signed out.
            if (after.includes(sessionId)) known = after;
            else await freshSession();
          }),
          { numRuns: Math.ceil(runsPerRoute / GROUP), ...(seed === undefined ? {} : { seed }) },
        );
        // Generous: a route's few hundred requests take a few seconds, far longer on a busy machine.
      },
      120_000,
    );

    it(`sent this part's share of FUZZ_RUNS (${totalRuns})`, () => {
      expect(requests).toBeGreaterThanOrEqual(runsPerRoute * routes.length);
    });
  });
}
