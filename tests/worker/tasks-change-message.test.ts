import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TAB_HEADER } from "../../shared/live-protocol";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { openLive, startSession } from "./focus-helpers";
import { createTask, freshIp, ORIGIN, registerUser } from "./helpers";

const TAB = "tab-0123456789abcdef";

/**
 * Runs one request through the app with a USER_HUB binding that records every RPC method the
 * Worker calls on a user's hub (docs/decisions/161-tab-skips-own-live-echo.md: one call per
 * change).
 */
async function withHubCalls(
  method: string,
  path: string,
  token: string,
  { headers = {}, json }: { headers?: Record<string, string>; json?: unknown } = {},
) {
  const calls: string[] = [];
  const hubs = {
    getByName(name: string) {
      const stub = env.USER_HUB.getByName(name);
      return new Proxy(stub, {
        get(target, key) {
          const value = Reflect.get(target, key);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            calls.push(String(key));
            // Reflect.apply: an RPC stub's methods answer every property, `apply` included.
            return Reflect.apply(value, target, args);
          };
        },
      });
    },
  };
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      "CF-Connecting-IP": freshIp(),
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, USER_HUB: hubs } as unknown as Bindings, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, calls };
}

/** The tasks-changed frames received up to now: the hub answers a sync after any frame it sent before. */
async function tasksChangedSoFar(live: Awaited<ReturnType<typeof openLive>>) {
  const seen = live.frames.splice(0);
  live.ws.send(JSON.stringify({ type: "sync" }));
  await live.next((f) => f.type === "timer");
  return [...seen, ...live.frames].filter((f) => f.type === "tasks-changed");
}

describe("one message per change of tasks", () => {
  it("a delete of the timer's task is ONE hub call, and ONE tasks-changed frame names the tab", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Under way" });
    await startSession(token, task.id);
    const live = await openLive(token);
    await live.next((f) => f.type === "timer" && f.state.status === "running");
    live.frames.length = 0;

    const { status, calls } = await withHubCalls("DELETE", `/api/tasks/${task.id}`, token, {
      headers: { [TAB_HEADER]: TAB },
    });
    expect(status).toBe(200);
    expect(calls).toEqual(["changed"]);
    // The timer let go of the deleted task in the same call.
    await live.next((f) => f.type === "timer" && f.state.status === "idle" && f.state.taskId === null);
    expect(await tasksChangedSoFar(live)).toEqual([{ type: "tasks-changed", tab: TAB }]);
    live.ws.close();
  });

  it("names the tab of a plain change too; no header, or a malformed one, names none", async () => {
    const { token } = await registerUser();
    const live = await openLive(token);
    await live.next((f) => f.type === "timer");
    for (const [headers, tab] of [
      [{ [TAB_HEADER]: TAB }, TAB],
      [{}, null],
      [{ [TAB_HEADER]: "not a tab id!" }, null],
    ] as const) {
      live.frames.length = 0;
      const { status, calls } = await withHubCalls("POST", "/api/tasks", token, { headers, json: { title: "New" } });
      expect(status).toBe(201);
      expect(calls).toEqual(["changed"]);
      expect(await tasksChangedSoFar(live)).toEqual([{ type: "tasks-changed", tab }]);
    }
    live.ws.close();
  });
});
