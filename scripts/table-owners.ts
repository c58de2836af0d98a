// Which worker module may name which D1 table (docs/decisions/164-capabilities-read-tables-through-owner.md,
// docs/decisions/206-where-a-capability-reads-another-s-tables.md), as a pure function of the
// sources: scripts/check-table-owners.ts reads worker/ and runs it; tests/unit/table-owners.test.ts
// runs it on small examples.

/** The folder of worker/ that owns each table of worker/db/schema.ts, by its export name. */
export const TABLE_OWNERS: Record<string, string> = {
  users: "auth",
  sessions: "auth",
  loginFailures: "auth",
  tasks: "tasks",
  undoActions: "tasks",
  focusSessions: "focus",
  dailyAnalytics: "analytics",
  dayPlans: "day",
  dayCloses: "day",
  pushSubscriptions: "push",
  suggestionUsage: "suggestions",
  routines: "routines",
  routineDays: "routines",
  // The receipts of changes applied once by their id: the HTTP layer's, under every capability.
  changeReceipts: "http",
};

/** Where a capability names another's table, and why: decision 206, one line each. */
export const ALLOWED_ELSEWHERE: Record<string, readonly string[]> = {
  // The day is a view of the tasks and their counters, read (and the plan's marks written) in its own batch;
  // users.day_begun is the day's column on the users row, set by the day-start step (decision 259).
  day: ["tasks", "dailyAnalytics", "users"],
  // The profile, preferences and password live on the users row; the devices are sessions rows.
  account: ["users", "sessions"],
  // users.tasks_version is the tasks' column, bumped by triggers on tasks.
  tasks: ["users"],
  // A routine's occurrence is a task made in the day-start batch; users.routines_active is what the
  // hub reads to wake at the day's start (docs/decisions/281-one-occurrence-made-at-day-start.md).
  routines: ["tasks", "users"],
  // The day-start step writes users.day_begun and reads the open routine occurrences before and
  // after its subscribers, in its one batch (docs/decisions/404-the-day-begun-by-a-named-door.md).
  today: ["tasks", "users"],
  // The evening close moves the day's open tasks and writes the day's close in one batch (decision 291).
  "day-close": ["tasks", "dayCloses"],
};

/** A worker source file: its path under the repository and its text. */
export type SourceFile = { path: string; text: string };

const SCHEMA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+"(?:\.\.\/)+db\/schema"/g;

/** Every use of a table outside its owner that decision 206 does not list, one sentence each. */
export function tableProblems(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const { path, text } of files) {
    const folder = /^worker\/([^/]+)\//.exec(path)?.[1];
    if (!folder || folder === "db") continue;
    for (const [, typeOnly, names] of text.matchAll(SCHEMA_IMPORT)) {
      if (typeOnly) continue;
      for (const raw of (names ?? "").split(",")) {
        const name = raw.trim();
        if (!name || name.startsWith("type ")) continue;
        const owner = TABLE_OWNERS[name];
        if (owner === undefined) {
          problems.push(`${path}: ${name} has no owner in scripts/table-owners.ts`);
        } else if (owner !== folder && !ALLOWED_ELSEWHERE[folder]?.includes(name)) {
          problems.push(`${path}: ${name} belongs to worker/${owner}/ (use its queries, or say why in decision 206)`);
        }
      }
    }
  }
  return problems;
}
