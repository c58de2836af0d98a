import { env } from "cloudflare:workers";

/** Tables the platform owns, not the app: their rows say nothing about a user's data. */
const PLATFORM_TABLES = new Set(["d1_migrations", "_cf_KV", "_cf_METADATA", "sqlite_sequence"]);

/**
 * Every row of every app table in the test database, in rowid order, as one comparable value.
 * Two equal fingerprints mean no statement changed anything, whichever table it touched.
 */
export async function dbFingerprint(): Promise<Record<string, unknown[]>> {
  const { results: tables } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  ).all<{ name: string }>();
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (PLATFORM_TABLES.has(name)) continue;
    const { results } = await env.DB.prepare(`select * from "${name}" order by rowid`).all();
    snapshot[name] = results;
  }
  return snapshot;
}

/**
 * A trigger that aborts the statement it fires on, so a real D1 batch fails part-way. `when` is a
 * SQL condition on NEW/OLD that picks the one user (or row) under test, leaving other tests alone.
 * Returns a function that drops it.
 */
export async function failWhen(
  table: string,
  event: "insert" | "update" | "delete",
  when: string,
): Promise<() => Promise<void>> {
  const name = `fail_${table}_${event}_${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare(
    `create trigger ${name} before ${event} on ${table} when ${when} begin select raise(abort, 'injected failure'); end`,
  ).run();
  return async () => {
    await env.DB.prepare(`drop trigger if exists ${name}`).run();
  };
}

/** A SQL string literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
