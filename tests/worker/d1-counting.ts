import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { freshIp, ORIGIN } from "./helpers";

/** Runs before the n-th D1 call of a request (from 1) is sent, e.g. to stage a race in between. */
export type BeforeCall = (n: number) => Promise<void> | void;

/**
 * A D1 binding that records every round trip the Worker makes through it: each batch(), exec() and
 * each statement's first/all/run/raw is one call. Sessions API sessions are wrapped the same way.
 * Statements go back to the real binding unwrapped (D1 checks what it is given).
 */
export function countingD1(
  db: D1Database,
  calls: string[],
  sessions: string[] = [],
  beforeCall: BeforeCall = () => {},
): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          return async (...args: unknown[]) => {
            calls.push(key);
            await beforeCall(calls.length);
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  const unwrap = (statements: D1PreparedStatement[]) => statements.map((s) => originals.get(s) ?? s);
  const wrapSession = (session: D1DatabaseSession): D1DatabaseSession =>
    ({
      prepare: (sql: string) => wrap(session.prepare(sql)),
      batch: async (statements: D1PreparedStatement[]) => {
        calls.push("batch");
        await beforeCall(calls.length);
        return session.batch(unwrap(statements));
      },
      getBookmark: () => session.getBookmark(),
    }) as D1DatabaseSession;
  return {
    prepare: (sql: string) => wrap(db.prepare(sql)),
    batch: async (statements: D1PreparedStatement[]) => {
      calls.push("batch");
      await beforeCall(calls.length);
      return db.batch(unwrap(statements));
    },
    exec: async (sql: string) => {
      calls.push("exec");
      await beforeCall(calls.length);
      return db.exec(sql);
    },
    withSession: (constraint?: string) => {
      sessions.push(constraint ?? "");
      return wrapSession(db.withSession(constraint));
    },
    dump: () => db.dump(),
  } as unknown as D1Database;
}

export type Probe = { path?: string; json?: unknown; headers?: Record<string, string>; beforeCall?: BeforeCall };

/**
 * Runs one request through the whole app with a counting D1 binding: its status, body, headers,
 * the D1 calls it made and the Sessions API constraints (or bookmarks) it opened sessions with.
 */
export async function countCalls(method: string, path: string, probe: Probe, token?: string) {
  const calls: string[] = [];
  const sessions: string[] = [];
  const headers = new Headers(probe.headers);
  if (token && !headers.has("Cookie")) headers.set("Authorization", `Bearer ${token}`);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", freshIp());
  if (probe.json !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: probe.json === undefined ? undefined : JSON.stringify(probe.json),
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(
    request,
    { ...env, DB: countingD1(env.DB, calls, sessions, probe.beforeCall) } as Bindings,
    ctx,
  );
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, headers: res.headers, calls, sessions };
}
