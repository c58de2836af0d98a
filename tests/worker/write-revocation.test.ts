import { describe, expect, it } from "vitest";
import { deviceHandle } from "../../worker/auth/sessions";
import { registerSeededUser, type SeededUser, snapshotUser } from "./hardening-helpers";
import { api, PASSWORD, signInAgain } from "./helpers";

/**
 * The writes that read their row in the same batch as the session check
 * (docs/decisions/054-every-write-makes-most-two-d1.md): a session signed out a moment before is
 * refused at once, with nothing written.
 */
const FOLDED_WRITES: [string, string, (u: SeededUser & { handle: string }) => { path: string; json?: unknown }][] = [
  ["POST", "/api/process-tasks", () => ({ path: "/api/process-tasks", json: { text: "one; two" } })],
  [
    "POST",
    "/api/tasks/priorities",
    (u) => ({ path: "/api/tasks/priorities", json: { tasks: [{ id: u.taskId, answers: { urgent: true } }] } }),
  ],
  ["POST", "/api/no-list/commit", (u) => ({ path: "/api/no-list/commit", json: { items: [{ id: u.taskId }] } })],
  ["POST", "/api/no-list/clear", (u) => ({ path: "/api/no-list/clear", json: { ids: [u.taskId] } })],
  ["POST", "/api/focus-sessions", (u) => ({ path: "/api/focus-sessions", json: { taskId: u.taskId, duration: 60 } })],
  ["PATCH", "/api/focus-sessions/:id/complete", (u) => ({ path: `/api/focus-sessions/${u.focusSessionId}/complete` })],
  ["POST", "/api/undo", () => ({ path: "/api/undo", json: { token: crypto.randomUUID() } })],
  ["PATCH", "/api/account", () => ({ path: "/api/account", json: { firstName: "Ada" } })],
  ["DELETE", "/api/account/sessions/:id", (u) => ({ path: `/api/account/sessions/${u.handle}` })],
  [
    "POST",
    "/api/account/password",
    () => ({
      path: "/api/account/password",
      json: { currentPassword: PASSWORD, newPassword: "another good password" },
    }),
  ],
  [
    "DELETE",
    "/api/account",
    (u) => ({ path: "/api/account", json: { confirmation: u.user.username, password: PASSWORD } }),
  ],
];

describe("a write from a session signed out a moment before", () => {
  it.each(FOLDED_WRITES)("%s %s answers 401 and writes nothing", async (method, _route, probe) => {
    const seeded = await registerSeededUser();
    const user = { ...seeded, handle: await deviceHandle(seeded.deviceSessionId) };
    const other = await signInAgain(user.user.username);
    expect((await api("/api/auth/logout", { method: "POST", token: other })).status).toBe(204);
    const before = await snapshotUser(user.user);
    const { path, json } = probe(user);
    const res = await api(path, { method, token: other, ...(json === undefined ? {} : { json }) });
    expect(res.status).toBe(401);
    expect(await snapshotUser(user.user)).toBe(before);
  });
});
