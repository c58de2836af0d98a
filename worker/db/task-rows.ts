import { and, eq, notExists, notInArray, type SQL, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { REMOVED_MARKER } from "../../shared/constants";
import type { Task } from "../../shared/schemas/tasks";
import type { Db } from "./client";
import { focusSessions, tasks, users } from "./schema";

export type TaskRow = typeof tasks.$inferSelect;

/** How a field of a task's API shape is written from its column. */
type FieldKind = "number" | "text" | "flag" | "json" | "instant";

/**
 * A task's API shape (docs/product.md#task), field by field in answer order, each with its kind. The
 * list query's columns, toTask, the list's hand-written JSON (./task-list.ts) and the CSV export's
 * columns all derive from it; `satisfies` keeps it equal to the shared Task type.
 */
const TASK_FIELDS = {
  id: "number",
  userId: "text",
  title: "text",
  description: "text",
  category: "text",
  isCompleted: "flag",
  isPriority: "flag",
  noListReason: "text",
  answers: "json",
  createdAt: "instant",
  completedAt: "instant",
  priorityDate: "text",
  noListDate: "text",
  routineId: "number",
  estimateMinutes: "number",
} as const satisfies Record<keyof Task, FieldKind>;

type TaskField = keyof typeof TASK_FIELDS;
/** The field names of a task's API shape, in answer order. */
export const TASK_FIELD_NAMES = Object.keys(TASK_FIELDS) as TaskField[];

/** The columns a task's API shape is made of. */
const apiColumns = Object.fromEntries(TASK_FIELD_NAMES.map((field) => [field, tasks[field]])) as {
  [F in TaskField]: (typeof tasks)[F];
};

/** The API shape of a task row (docs/product.md#task). */
export function toTask(row: Pick<TaskRow, TaskField>): Task {
  const task: Record<string, unknown> = {};
  for (const field of TASK_FIELD_NAMES) {
    const value = row[field];
    task[field] = TASK_FIELDS[field] === "instant" ? ((value as Date | null)?.toISOString() ?? null) : value;
  }
  return task as Task;
}

/** A task's value as D1 answers it: booleans and instants as numbers, JSON as text. */
type RawValue = string | number | null;
const rawJson: Record<FieldKind, (value: RawValue) => string> = {
  number: (value) => (value === null ? "null" : String(value)),
  text: (value) => (value === null ? "null" : JSON.stringify(value)),
  flag: (value) => String(value !== 0),
  // Written only by SQLite's json functions or JSON.stringify, so already compact.
  json: (value) => String(value),
  instant: (value) => (value === null ? "null" : `"${new Date(value).toISOString()}"`),
};

/**
 * Writes the API JSON of a raw row of visibleTaskListQuery (snake_case columns, as D1 answers a
 * statement run outside drizzle): byte for byte JSON.stringify(toTask(row)) of the mapped row.
 */
export const rawTaskJsonWriters = TASK_FIELD_NAMES.map((field, index) => {
  const column = toSnakeCase(field);
  const prefix = `${index === 0 ? "{" : ","}${JSON.stringify(field)}:`;
  const write = rawJson[TASK_FIELDS[field]];
  return (row: Record<string, RawValue>) => prefix + write(row[column] ?? null);
});

/** What differs between the tasks an INSERT … SELECT makes, as SQL over the rows it selects from. */
type NewTaskValues = {
  userId: SQL;
  title: SQL;
  estimateMinutes: SQL;
  /** The routine whose occurrence the task is, on its day; none for a task the person wrote. */
  routine?: { id: SQL; day: string };
};

/**
 * A new task's column expressions, for selectListOf (./insert-select.ts): open, unsorted ("later"),
 * unanswered, created at `now` on the person's `today`. Braindumps and routine occurrences make
 * their tasks with it, so both start out alike.
 */
export function newTaskColumns(
  { userId, title, estimateMinutes, routine }: NewTaskValues,
  now: Date,
  today: string,
): Record<keyof TaskRow, SQL> {
  const at = now.getTime();
  return {
    id: sql`null`,
    userId,
    title,
    description: sql`null`,
    category: sql`'later'`,
    isCompleted: sql`0`,
    isPriority: sql`0`,
    noListReason: sql`null`,
    answers: sql`'{}'`,
    categoryChosen: sql`0`,
    createdAt: sql`${at}`,
    updatedAt: sql`${at}`,
    completedAt: sql`null`,
    priorityDate: sql`null`,
    noListDate: sql`null`,
    createdDay: sql`${today}`,
    completedDay: sql`null`,
    routineId: routine ? routine.id : sql`null`,
    routineDay: routine ? sql`${routine.day}` : sql`null`,
    estimateMinutes,
  };
}

/**
 * Tasks whose title carries "[REMOVED]" are hidden everywhere (docs/product.md#task-rules). instr,
 * not LIKE: case-sensitive like hasRemovedMarker, so server and browser hide the same tasks
 * (docs/decisions/114-removed-test-per-side-case-sensitive.md).
 */
export const isVisible = (): SQL => sql`instr(${tasks.title}, ${REMOVED_MARKER}) = 0`;

export function listVisibleTasks(db: Db, userId: string) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isVisible()))
    .orderBy(tasks.id);
}

/**
 * No day lasts longer than 25 hours, so a task completed this long before now was completed on an
 * earlier day whatever the person's zone: the list query leaves those out before the exact cut.
 */
const SURELY_EARLIER_MS = 26 * 60 * 60_000;

/**
 * GET /api/tasks: the visible tasks with only the columns of their API shape, in id order; none at
 * all when the user's tasks version is one of `unlessVersion` (the reader has that list already).
 * SQLite evaluates that condition once, before reading any task. Tasks completed more than a day
 * ago are left out (the route cuts the rest at the start of the person's day: ./task-list.ts).
 */
export function visibleTaskListQuery(db: Db, userId: string, unlessVersion: number[] = [], now = new Date()) {
  const version = sql`(select ${users.tasksVersion} from ${users} where ${users.id} = ${userId})`;
  return db
    .select(apiColumns)
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        isVisible(),
        sql`(${tasks.isCompleted} = 0 or ${tasks.completedAt} is null or ${tasks.completedAt} >= ${now.getTime() - SURELY_EARLIER_MS})`,
        unlessVersion.length > 0 ? notInArray(version, unlessVersion) : undefined,
      ),
    )
    .orderBy(tasks.id);
}

/** The user's task of this id as a one-row list, for a batch (findFirst fails there when none matches). */
export function ownTaskQuery(db: Db, userId: string, id: number) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
    .limit(1);
}

/**
 * For abortBatchIf: true when the user's task of this id no longer exists, or no longer meets
 * `condition` (still open, unchanged since read), as the batch runs.
 */
export function taskNoLongerMatches(db: Db, userId: string, id: number, condition?: SQL): SQL {
  return notExists(
    db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId), condition)),
  );
}

export function findOwnTask(db: Db, userId: string, id: number) {
  return db.query.tasks.findFirst({ where: and(eq(tasks.id, id), eq(tasks.userId, userId)) });
}

/**
 * The user's live tasks per category as the JSON text the record stores. It is a subquery, so it
 * sees the earlier statements of the same batch (the change being recorded): the analytics recorder
 * puts it in the day's record. Live = not completed
 * and not cleared with the "[REMOVED]" marker; no category counts as "later" (docs/product.md#task).
 */
export function liveBreakdownSql(userId: string): SQL {
  const count = (condition: SQL) => sql`count(case when ${condition} then 1 end)`;
  return sql`(select json_object(
      'urgent', ${count(sql`${tasks.category} = 'urgent'`)},
      'later', ${count(sql`${tasks.category} = 'later' or ${tasks.category} is null`)},
      'delegate', ${count(sql`${tasks.category} = 'delegate'`)},
      'no_list', ${count(sql`${tasks.category} = 'no_list'`)})
    from ${tasks}
    where ${tasks.userId} = ${userId} and ${tasks.isCompleted} = 0 and ${isVisible()})`;
}

/**
 * How many occurrence tasks of the person's routines for `day` were made at `now` (by the day's
 * start in the same batch; docs/product.md#routines). An occurrence a day start put back
 * (docs/decisions/325-a-day-begun-ahead-is-undone.md) was made earlier, and counted then.
 */
export function occurrencesMadeSql(userId: string, day: string, now: Date): SQL {
  return sql`(select count(*) from ${tasks} where ${tasks.userId} = ${userId} and ${tasks.routineDay} = ${day}
    and ${tasks.routineId} is not null and ${tasks.createdAt} = ${now.getTime()})`;
}

/**
 * A task (the `tasks` row in the statement) nobody has done anything with since it was made: open,
 * never edited (every edit stamps updated_at), no focus session on it. A day start that ran ahead
 * takes back only such occurrences (docs/decisions/325-a-day-begun-ahead-is-undone.md).
 */
export function untouchedTaskSql(): SQL {
  return sql`(${tasks.isCompleted} = 0 and ${tasks.updatedAt} = ${tasks.createdAt}
    and not exists (select 1 from ${focusSessions} where ${focusSessions.taskId} = ${tasks.id}))`;
}

/** How many untouched occurrence tasks are for `day` (an SQL expression, say a column of the outer statement). */
export function untouchedOccurrencesOfDaySql(userId: string, day: SQL): SQL {
  return sql`(select count(*) from ${tasks} where ${tasks.userId} = ${userId} and ${tasks.routineId} is not null
    and ${tasks.routineDay} = ${day} and ${untouchedTaskSql()})`;
}
