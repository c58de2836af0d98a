/**
 * A D1 binding that records every round trip the Worker makes through it: each batch(), exec() and
 * each statement's first/all/run/raw is one call. Sessions API sessions are wrapped the same way.
 * Statements go back to the real binding unwrapped (D1 checks what it is given).
 */
export function countingD1(db: D1Database, calls: string[]): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          return (...args: unknown[]) => {
            calls.push(key);
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
      batch: (statements: D1PreparedStatement[]) => {
        calls.push("batch");
        return session.batch(unwrap(statements));
      },
      getBookmark: () => session.getBookmark(),
    }) as D1DatabaseSession;
  return {
    prepare: (sql: string) => wrap(db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      calls.push("batch");
      return db.batch(unwrap(statements));
    },
    exec: (sql: string) => {
      calls.push("exec");
      return db.exec(sql);
    },
    withSession: (constraint?: string) => wrapSession(db.withSession(constraint)),
    dump: () => db.dump(),
  } as unknown as D1Database;
}
