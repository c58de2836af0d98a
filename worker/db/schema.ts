import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DEFAULT_DAY_CLOSE_TIME } from "../../shared/day";
import type { Answers } from "../../shared/questions";

// Column names are snake_case in SQL (drizzle `casing: "snake_case"`); instants are UTC epoch ms.
const createdAt = () => integer({ mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

/**
 * One table for every person, whichever way they sign in (docs/product.md#users-and-sessions "local user" and
 * "identity-provider user"): a local account has username + password_hash, a hosted identity
 * has oidc_issuer + oidc_subject; a person linked by email can have both.
 */
export const users = sqliteTable(
  "users",
  {
    id: text().primaryKey(),
    username: text({ length: 255 }).unique(),
    email: text({ length: 255 }).unique(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    oidcIssuer: text(),
    oidcSubject: text(),
    timeZone: text().notNull().default("UTC"),
    defaultFocusMinutes: integer().notNull().default(25),
    /** The hour the person's day begins (docs/product.md#the-day; shared/day.ts). */
    dayStartHour: integer().notNull().default(4),
    /** The morning nudge (docs/product.md#morning-nudge): on or off, and its local time "HH:MM". */
    planReminderEnabled: integer({ mode: "boolean" }).notNull().default(false),
    planReminderTime: text().notNull().default("08:00"),
    /**
     * The evening close (docs/decisions/291-the-evening-close.md): from this local time "HH:MM" the
     * app offers "Close your day" (and pushes, with notifications on); off when disabled.
     */
    dayCloseEnabled: integer({ mode: "boolean" }).notNull().default(true),
    dayCloseTime: text().notNull().default(DEFAULT_DAY_CLOSE_TIME),
    /**
     * What the person usually focuses a day, in minutes, until they have focus history to take the
     * median of (docs/decisions/294-a-plan-sized-to-the-person.md).
     */
    usualFocusMinutes: integer().notNull().default(120),
    /** The language the person reads Onething in, a tag of shared/languages.ts (docs/product.md#your-language). */
    language: text().notNull().default("en"),
    /**
     * The last of the person's days (YYYY-MM-DD) that has begun: the day-start step sets it, once
     * per day, whether the hub's schedule or a read got there first; null: none yet
     * (worker/today/day-start.ts, docs/decisions/259-the-day-begins-on-the-server.md).
     */
    dayBegun: text(),
    /**
     * Whether the person has a routine that is not paused: their hub then wakes at every day start,
     * so today's occurrences are made whether or not the app is open
     * (docs/decisions/281-one-occurrence-made-at-day-start.md). Written with every routine change.
     */
    routinesActive: integer({ mode: "boolean" }).notNull().default(false),
    /**
     * Bumped by SQLite triggers on every insert, update and delete of the user's tasks (migration
     * 0001), so no write path can forget it: GET /api/tasks derives its ETag and its cache key from it.
     */
    tasksVersion: integer().notNull().default(0),
    /**
     * When the password was last changed (null: never): device cookies issued before it no longer
     * vouch for this browser (docs/decisions/175-device-cookies-retire.md).
     */
    passwordChangedAt: integer({ mode: "timestamp_ms" }),
    /**
     * The person database that holds this person's rows (worker/db/person-db.ts), chosen when the
     * account is made and carried in the session token (docs/decisions/270-person-databases.md).
     * The directory's row and the person database's own row of the person both keep it.
     */
    home: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_oidc_identity").on(t.oidcIssuer, t.oidcSubject),
    // Sign-in and the "is this name taken" checks match the username in any letter case.
    index("users_username_lower").on(sql`lower(${t.username})`),
  ],
);

/** The session store of docs/product.md#users-and-sessions (sid, sess, expire) with the owner pulled out for revocation. */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sess: text({ mode: "json" }).$type<{ userAgent?: string; method: "password" | "oidc" }>().notNull(),
    expire: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
  },
  (t) => [index("sessions_expire").on(t.expire), index("sessions_user").on(t.userId)],
);

/** Failed sign-in counters per key (account, account from one address, address: worker/auth/throttle.ts). */
export const loginFailures = sqliteTable("login_failures", {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: integer({ mode: "timestamp_ms" }).notNull(),
  lockedUntil: integer({ mode: "timestamp_ms" }),
});

export const tasks = sqliteTable(
  "tasks",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    category: text({ enum: ["urgent", "later", "delegate", "no_list"] }).default("later"),
    isCompleted: integer({ mode: "boolean" }).notNull().default(false),
    isPriority: integer({ mode: "boolean" }).notNull().default(false),
    noListReason: text(),
    /**
     * The prioritisation answers given so far, as a JSON object keyed by question id
     * (docs/decisions/018-answers-data.md): saved as they are given, so they outlive the screen and
     * the device.
     */
    answers: text({ mode: "json" }).$type<Answers>().notNull().default({}),
    /**
     * True once the person put the task in a column (a drop, the No list, an explicit category):
     * until then an "urgent: yes" answer places it in Urgent
     * (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md).
     */
    categoryChosen: integer({ mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    completedAt: integer({ mode: "timestamp_ms" }),
    /** The day (YYYY-MM-DD) the priority mark was set: only today's marks make today's three. */
    priorityDate: text(),
    /** The day the task was said no to (put on the "No" list, or "Again today"). */
    noListDate: text(),
    /**
     * The person's day the task was made on, stamped then (docs/decisions/180-day-facts-stamped.md):
     * the carried count reads it, whatever the zone or start hour is now. Null for tasks made before stamps.
     */
    createdDay: text(),
    /** The person's day of the finish, stamped with it and cleared by a reopen; null while open. */
    completedDay: text(),
    /**
     * The routine this task is the occurrence of, and the day it is for (docs/product.md#routines);
     * null for every other task. The unique index makes a second occurrence of a routine on a day
     * impossible, however many devices, replays or first reads race
     * (docs/decisions/281-one-occurrence-made-at-day-start.md).
     */
    routineId: integer(),
    routineDay: text(),
    /**
     * How long the task should take, 5 to 480 minutes; null without one
     * (docs/decisions/290-estimates-written-at-the-end-of-a-line.md).
     */
    estimateMinutes: integer(),
  },
  (t) => [
    index("tasks_user").on(t.userId, t.id),
    index("tasks_user_completed").on(t.userId, t.completedAt),
    uniqueIndex("tasks_routine_day").on(t.routineId, t.routineDay),
  ],
);

export const focusSessions = sqliteTable(
  "focus_sessions",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // A deleted task leaves its sessions (and their minutes) behind
    // (docs/decisions/008-deleting-task-has-focus-sessions.md).
    taskId: integer().references(() => tasks.id, { onDelete: "set null" }),
    /** Planned length in seconds (docs/product.md#focus-session). */
    duration: integer().notNull(),
    /** Seconds actually focused, known once the session ends. */
    focusedSeconds: integer(),
    startedAt: createdAt(),
    completedAt: integer({ mode: "timestamp_ms" }),
    isCompleted: integer({ mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("focus_sessions_user").on(t.userId, t.id), index("focus_sessions_task").on(t.taskId)],
);

export type CategoryCounts = { urgent: number; later: number; delegate: number; no_list: number };

export const dailyAnalytics = sqliteTable(
  "daily_analytics",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The user's local date, YYYY-MM-DD. */
    date: text().notNull(),
    totalTasksCreated: integer().notNull().default(0),
    tasksCompleted: integer().notNull().default(0),
    priorityTasksCompleted: integer().notNull().default(0),
    /**
     * Finishes of tasks made on an earlier day of the person's (carried over): they count in the
     * day's score (docs/decisions/190-carried-finishes-count-in-the-score.md).
     */
    carriedTasksCompleted: integer().notNull().default(0),
    focusSessionsCompleted: integer().notNull().default(0),
    totalFocusMinutes: integer().notNull().default(0),
    mostProductiveHour: integer(),
    categoryBreakdown: text().notNull().default('{"urgent":0,"later":0,"delegate":0,"no_list":0}'),
    /** Activity per local hour (24 numbers: completions + focus minutes), to derive mostProductiveHour. */
    hourlyActivity: text().notNull().default("[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]"),
  },
  (t) => [uniqueIndex("daily_analytics_user_date").on(t.userId, t.date)],
);

/**
 * A browser's Web Push subscription, owned by the sign-in session (device) that turned
 * notifications on: signing that device out, or deleting the account, deletes it with the session.
 * One row per push endpoint; the same browser subscribing again under another session takes it over.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    endpoint: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text()
      .notNull()
      .references(() => sessions.sid, { onDelete: "cascade" }),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user").on(t.userId), index("push_subscriptions_session").on(t.sessionId)],
);

/**
 * The plan of one of the person's days (docs/product.md#plan-your-day): its row says the day is
 * planned. `noListTaskIds` are the "No" list items the plan said no to again, so a repeated plan
 * can give back the ones it no longer names.
 */
export const dayPlans = sqliteTable(
  "day_plans",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The person's day, YYYY-MM-DD. */
    date: text().notNull(),
    noListTaskIds: text({ mode: "json" }).$type<number[]>().notNull().default([]),
    /**
     * The plan's three, as named when planned ("Keep yesterday's three" offers these): null for a
     * plan stored before they were kept.
     */
    priorityTaskIds: text({ mode: "json" }).$type<number[]>(),
    /** "Skip for today": the day has its row (the plan step stays away) but is not planned. */
    skipped: integer({ mode: "boolean" }).notNull().default(false),
    plannedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/**
 * The evening close of one of the person's days (docs/decisions/291-the-evening-close.md): its row
 * says the day is closed; a reopen deletes it. `note` is "What's on your mind?", shown the next
 * morning and in Done; `tomorrowTaskIds` the tasks said "Tomorrow", `tomorrowFirstTaskId` the first
 * task named for tomorrow, both offered by the next morning's plan.
 */
export const dayCloses = sqliteTable(
  "day_closes",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The person's day closed, YYYY-MM-DD. */
    date: text().notNull(),
    note: text(),
    tomorrowTaskIds: text({ mode: "json" }).$type<number[]>().notNull().default([]),
    tomorrowFirstTaskId: integer(),
    closedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/** A task as an undo record keeps it: every column but the owner, instants as epoch ms. */
export type TaskSnapshot = {
  id: number;
  title: string;
  description: string | null;
  category: "urgent" | "later" | "delegate" | "no_list" | null;
  isCompleted: boolean;
  isPriority: boolean;
  noListReason: string | null;
  /** Absent from records stored before answers were saved. */
  answers?: Answers;
  categoryChosen?: boolean;
  /** Absent from records stored before marks had days. */
  priorityDate?: string | null;
  noListDate?: string | null;
  /** Absent from records stored before day stamps (docs/decisions/180-day-facts-stamped.md). */
  createdDay?: string | null;
  completedDay?: string | null;
  /** Absent from records stored before routines. */
  routineId?: number | null;
  routineDay?: string | null;
  /** Absent from records stored before estimates. */
  estimateMinutes?: number | null;
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
};

/** What an undo puts back: the tasks as they were, and the completions the removal counted. */
export type UndoSnapshot = {
  tasks: TaskSnapshot[];
  /** Completions counted by the removal (a delete that first completes): taken off that day again. */
  counted: { date: string; hour: number; completed: number; priorityCompleted: number } | null;
};

/**
 * What one destructive click (delete a task, clear from the No list) removed, kept for the undo
 * window and purged after it (docs/decisions/071-undo-keeps-snapshot-pending-row.md). The tasks
 * themselves are gone or hidden at once, so no list, count, export or ETag needs to know about
 * pending removals.
 */
export const undoActions = sqliteTable(
  "undo_actions",
  {
    token: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    snapshot: text({ mode: "json" }).$type<UndoSnapshot>().notNull(),
    createdAt: createdAt(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("undo_actions_user").on(t.userId, t.expiresAt)],
);

/**
 * Requests to a suggestion model per person and day (docs/decisions/198-suggestions-daily-limit.md),
 * counted before the model is called; old days' rows are only read as "not today".
 */
export const suggestionUsage = sqliteTable(
  "suggestion_usage",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The person's day, YYYY-MM-DD. */
    date: text().notNull(),
    requests: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/**
 * The changes a device sent with an id of its own (the `Idempotency-Key` header), each with the
 * first answer it got, so that a retry, a second tab's replay or a replay racing a live request is
 * answered with that answer instead of being applied again (docs/product.md#offline,
 * docs/decisions/220-changes-applied-once-by-their-id.md). `status` is null while the first
 * request is still being applied. Kept eight days: see worker/http/apply-once.ts.
 */
export const changeReceipts = sqliteTable(
  "change_receipts",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changeId: text().notNull(),
    /** Method, path and a hash of the body: the same id sent with another change is refused. */
    fingerprint: text().notNull(),
    status: integer(),
    contentType: text(),
    body: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.changeId] }),
    index("change_receipts_user_created").on(t.userId, t.createdAt),
  ],
);

/**
 * A routine (docs/product.md#routines): a title and a rule, kept as columns the day-start step's
 * SQL reads (worker/routines/rule-columns.ts): `kind` with `weekDays` (a bit per day, Monday = bit
 * 0) or `n` (every N days, the day of the month, N times a week), counted from `startDay`.
 */
export const routines = sqliteTable(
  "routines",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    kind: text({ enum: ["day", "weekday", "week", "days", "month", "times"] }).notNull(),
    weekDays: integer().notNull().default(0),
    n: integer().notNull().default(0),
    /** The first day the rule counts from (YYYY-MM-DD): the day it was made, or the day after a rule change. */
    startDay: text().notNull(),
    paused: integer({ mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index("routines_user").on(t.userId, t.id)],
);

/**
 * What became of each due day of a routine (docs/decisions/282-honest-streaks.md): one row per
 * routine and day, made at the day's start (open, or paused), closed at the next (done, missed;
 * undone for "N times a week" until its week is over) or by the person (skipped, with the reason
 * if given). Streaks are counted from these rows; rows
 * older than ROUTINE_HISTORY_DAYS are dropped.
 */
export const routineDays = sqliteTable(
  "routine_days",
  {
    routineId: integer()
      .notNull()
      .references(() => routines.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The person's day, YYYY-MM-DD. */
    day: text().notNull(),
    state: text({ enum: ["open", "done", "skipped", "missed", "paused", "undone"] }).notNull(),
    reason: text(),
  },
  (t) => [primaryKey({ columns: [t.routineId, t.day] }), index("routine_days_user").on(t.userId, t.day)],
);
