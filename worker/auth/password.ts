import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt with OWASP's minimum (N=2^14, r=8, p=5), within workerd's cap of N·r·p ≤ 2^20.
 * The parameters are stored in each hash ("scrypt$N$r$p$salt$hash") so they can be raised later.
 */
export const CURRENT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
/** The test suites' cost: about 1/80 of production's work (docs/decisions/123-browser-suites-local-server-hashes-passwords.md). */
export const TEST_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

type ScryptParams = { N: number; r: number; p: number };
let params: ScryptParams = CURRENT_PARAMS;

/**
 * For test runs only: one production hash costs a few hundred milliseconds of CPU, and the worker
 * suite signs up and in hundreds of times. Hashes carry their parameters, so nothing else changes.
 */
export function setPasswordHashParams(next: ScryptParams): void {
  params = next;
}

function derive(password: string, salt: Buffer, params: ScryptParams) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split("$");
  return Number(n) < params.N || Number(r) < params.r || Number(p) < params.p;
}

/** A hash of a random password: verifying against it costs the same as a real account. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
