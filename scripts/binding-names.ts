// The rule of docs/decisions/270-person-databases.md: worker/db/person-db.ts is the one module that
// names a D1 binding (`env.DB`, `env.PERSON_DB_1`, …); every other finds a database through it.
// Pure, so tests/unit/binding-names.test.ts checks the rule itself; scripts/check-binding-names.ts runs it.

/** The one module that names them, and the generated declarations (they declare, they do not use). */
const ALLOWED = new Set(["worker/db/person-db.ts", "worker/worker-configuration.d.ts"]);

/** A property access or a string that names a D1 binding. */
const NAMES_A_BINDING = /\.(DB|PERSON_DB_\w+)\b|["'`](DB|PERSON_DB_\w+)["'`]/;

/** One line per file of the worker that names a D1 binding outside the one module. */
export function bindingProblems(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    if (ALLOWED.has(path)) return [];
    const line = text.split("\n").findIndex((row) => NAMES_A_BINDING.test(row));
    return line === -1
      ? []
      : [`${path}:${line + 1} names a D1 binding: find the database with worker/db/person-db.ts instead`];
  });
}
