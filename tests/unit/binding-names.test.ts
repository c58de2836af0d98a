import { describe, expect, it } from "vitest";
import { bindingProblems } from "../../scripts/binding-names";

const file = (path: string, text: string) => ({ path, text });

describe("the D1 bindings are named by worker/db/person-db.ts alone (docs/decisions/270-person-databases.md)", () => {
  it("lets the one module and the generated declarations name them", () => {
    expect(
      bindingProblems([
        file("worker/db/person-db.ts", 'return env.DB;\n{ binding: "PERSON_DB_1" }'),
        file("worker/worker-configuration.d.ts", "DB: D1Database;\nPERSON_DB_1: D1Database;"),
        file("worker/day/plan-reminder.ts", "const db = createDb(personDatabase(env, home));"),
      ]),
    ).toEqual([]);
  });

  it("refuses any other file that names one, saying where", () => {
    expect(
      bindingProblems([
        file("worker/push/send.ts", "import x;\nconst db = createDb(env.DB);"),
        file("worker/scheduled.ts", "c.env.PERSON_DB_1.withSession()"),
        file("worker/app.ts", 'const d = env["PERSON_DB_2"];'),
      ]),
    ).toEqual([
      "worker/push/send.ts:2 names a D1 binding: find the database with worker/db/person-db.ts instead",
      "worker/scheduled.ts:1 names a D1 binding: find the database with worker/db/person-db.ts instead",
      "worker/app.ts:1 names a D1 binding: find the database with worker/db/person-db.ts instead",
    ]);
  });
});
