import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/**
 * A drizzle handle on the D1 binding or on one of its Sessions API sessions (what requests use, see
 * d1-session.ts). Drizzle only calls prepare() and batch(), which a session has as well.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema, casing: "snake_case" });
}

export type Db = ReturnType<typeof createDb>;
