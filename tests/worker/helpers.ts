import { exports } from "cloudflare:workers";
import { CURRENT_PARAMS, setPasswordHashParams } from "../../worker/auth/password";

/** The suite's cheap scrypt cost (set in apply-migrations.ts); production's is CURRENT_PARAMS. */
export const TEST_PASSWORD_HASH = { N: 2 ** 10, r: 8, p: 1 } as const;

/** Runs fn with production's password-hash cost, for the tests that check the stored hash. */
export async function withProductionPasswordHash<T>(fn: () => Promise<T>): Promise<T> {
  setPasswordHashParams(CURRENT_PARAMS);
  try {
    return await fn();
  } finally {
    setPasswordHashParams(TEST_PASSWORD_HASH);
  }
}

export const ORIGIN = "http://onething.test";

let counter = 0;
/** A distinct client address per call, so per-address auth limits don't couple unrelated tests. */
export function freshIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", freshIp());
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, body }));
}

export type TestUser = { token: string; user: { id: string; username: string; email: string } };

/** Registers a new account with unique names and returns its token and user. */
export async function registerUser(name = `user${crypto.randomUUID().slice(0, 8)}`): Promise<TestUser> {
  const res = await api("/api/auth/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: "correct horse battery" },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TestUser;
}
