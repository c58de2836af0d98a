import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../worker/app";
import { JSON_DEPTH_MAX } from "../../worker/http/validation";
import { expectErrorShape, snapshotUser } from "./hardening-helpers";
import { api, registerUser } from "./helpers";

describe("the edges of the API answer the one JSON error shape", () => {
  it("a body over MAX_BODY_BYTES answers 413 and changes nothing", async () => {
    const { token, user } = await registerUser();
    const before = await snapshotUser(user);
    const huge = JSON.stringify({ text: "x".repeat(MAX_BODY_BYTES) });
    for (const path of ["/api/process-tasks", "/api/auth/login", "/api/tasks"]) {
      const res = await api(path, {
        method: "POST",
        token,
        body: huge,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, path).toBe(413);
      await expectErrorShape(res, path);
    }
    expect(await snapshotUser(user)).toBe(before);
  });

  it("a body just under the limit is read and validated as usual", async () => {
    const { token } = await registerUser();
    const big = JSON.stringify({ text: "x".repeat(MAX_BODY_BYTES - 100) });
    const res = await api("/api/process-tasks", {
      method: "POST",
      token,
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    await expectErrorShape(res);
  });

  it("unknown paths under /api, signed in or not, answer 404 JSON", async () => {
    const { token } = await registerUser();
    for (const path of [
      "/api/analytics/nope",
      "/api/analytics/today/extra",
      "/api/nope",
      "/api/tasks/1/nope",
      "/api/account/nope",
    ]) {
      for (const auth of [{ token }, {}]) {
        const res = await api(path, auth);
        expect(res.status, `${path} ${"token" in auth ? "signed in" : "signed out"}`).toBe(404);
        await expectErrorShape(res, path);
      }
    }
  });

  // Every route that reads a JSON body (the ones that read an optional body take objects only, so
  // they get deep objects as well as deep arrays).
  const JSON_ROUTES: [method: string, path: string][] = [
    ["POST", "/api/auth/login"],
    ["POST", "/api/auth/register"],
    ["POST", "/api/tasks"],
    ["PATCH", "/api/tasks/1"],
    ["PATCH", "/api/tasks/1/answers"],
    ["POST", "/api/tasks/priorities"],
    ["POST", "/api/tasks/clear"],
    ["POST", "/api/process-tasks"],
    ["POST", "/api/start-fresh"],
    ["POST", "/api/no-list/commit"],
    ["POST", "/api/no-list/clear"],
    ["POST", "/api/undo"],
    ["PATCH", "/api/account"],
    ["POST", "/api/account/password"],
    ["DELETE", "/api/account"],
    ["POST", "/api/ai/task-suggestions"],
    ["POST", "/api/push/subscriptions"],
    ["POST", "/api/focus-sessions"],
    ["PATCH", "/api/focus-sessions/1/complete"],
    ["POST", "/api/timer/pause"],
    ["POST", "/api/timer/acknowledge"],
    ["POST", "/api/analytics/clear"],
  ];
  const sendJson = (method: string, path: string, token: string, body: string) =>
    api(path, { method, token, body, headers: { "Content-Type": "application/json" } });

  it("a body of thousands of nested brackets answers 400 on every JSON route and changes nothing", async () => {
    const { token, user } = await registerUser();
    const before = await snapshotUser(user);
    const deepArray = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    for (const [method, path] of JSON_ROUTES) {
      for (const body of [deepArray, deepObject]) {
        const res = await sendJson(method, path, token, body);
        expect(res.status, `${method} ${path}`).toBe(400);
        await expectErrorShape(res, path);
      }
    }
    // Far deeper still, just under the body limit: still a 400, not a crash.
    const half = MAX_BODY_BYTES / 2 - 10;
    expect((await sendJson("POST", "/api/tasks", token, `${"[".repeat(half)}${"]".repeat(half)}`)).status).toBe(400);
    expect(await snapshotUser(user)).toBe(before);
  });

  it("nesting is refused just past the depth limit, with a message that says so", async () => {
    const { token } = await registerUser();
    const deepValue = (levels: number): unknown => (levels <= 0 ? 1 : [deepValue(levels - 1)]);
    const nested = (levels: number) => JSON.stringify({ title: "x", extra: deepValue(levels) });
    // The body object is one level and `extra` the rest: JSON_DEPTH_MAX levels in all pass the
    // depth check (and then fail the schema, which has no `extra`); one more does not.
    const atLimit = await sendJson("POST", "/api/tasks", token, nested(JSON_DEPTH_MAX - 1));
    expect(atLimit.status).toBe(400);
    expect(((await atLimit.json()) as { message: string }).message).not.toMatch(/nested too deeply/);
    const over = await sendJson("POST", "/api/tasks", token, nested(JSON_DEPTH_MAX));
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toMatch(/nested too deeply/);
  });
});
