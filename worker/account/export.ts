import type { BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import { Hono } from "hono";
import { EXPORT_FORMAT, EXPORT_VERSION } from "../../shared/export-file";
import type { Task } from "../../shared/schemas/tasks";
import { listDailyAnalyticsForExport } from "../analytics/user-data";
import { requireUser } from "../auth/middleware";
import { withPersonSettings } from "../auth/person-row";
import { readAccountAndRowsAsUser, readAsUser } from "../auth/session-read";
import { listLiveSessions } from "../auth/sessions";
import { userByIdQuery } from "../auth/users";
import { listDayClosesForExport, listDayPlansForExport } from "../day/user-data";
import type { Db } from "../db/client";
import { TASK_FIELD_NAMES, toTask } from "../db/task-rows";
import type { AppEnv, SessionUser } from "../env";
import { listFocusSessionsForExport } from "../focus/user-data";
import { unauthorized } from "../http/errors";
import { listPushSubscriptionsForExport, toExportedSubscription } from "../push/user-data";
import { repeatOf } from "../routines/rule-columns";
import { listRoutineDaysForExport, listRoutinesForExport } from "../routines/user-data";
import { listTasksForExport } from "../tasks/user-data";
import { beginDay } from "../today/begin-day";
import { type DayOwner, todayOf } from "../today/today";
import { toCsv } from "./csv";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Everything Onething keeps about a person, as one JSON document (GET /api/account/export).
 * Instants are ISO 8601 UTC strings; dates of daily analytics are the user's local YYYY-MM-DD.
 *
 *   format, version       "onething-export", 1 — bumped when a field changes meaning (the
 *                         import reads it back: shared/export-file.ts)
 *   exportedAt            when this file was made
 *   user                  profile and preferences (never the password hash): id, username, email,
 *                         firstName, lastName, profileImageUrl, timeZone, defaultFocusMinutes,
 *                         createdAt, updatedAt, hasPassword, identityProvider (issuer or null)
 *   tasks[]               every task, hidden "[REMOVED]" ones included: id, title, description,
 *                         category, isCompleted, isPriority, noListReason, answers (the
 *                         prioritisation answers by question id), categoryChosen (placed in a
 *                         column by the person), createdAt, updatedAt, completedAt,
 *                         priorityDate, noListDate (the days of its marks), createdDay,
 *                         completedDay (the person's days it was made and finished on, as stamped then),
 *                         routineId, routineDay (the routine and day a routine's occurrence is for),
 *                         estimateMinutes (null without one)
 *   routines[]            id, title, repeat (the rule, as the API takes it), paused, startDay,
 *                         createdAt, updatedAt, days[] (date, state, reason: its kept days)
 *   focusSessions[]       id, taskId (null once the task is deleted), plannedSeconds,
 *                         focusedSeconds, startedAt, completedAt, isCompleted
 *   dailyAnalytics[]      date, totalTasksCreated, tasksCompleted, priorityTasksCompleted, carriedTasksCompleted,
 *                         focusSessionsCompleted, totalFocusMinutes, mostProductiveHour,
 *                         categoryBreakdown {urgent, later, delegate, no_list}, hourlyActivity[24]
 *   dayPlans[]            date, priorityTaskIds (null for plans stored before they were kept),
 *                         noListTaskIds, skipped, plannedAt
 *   dayCloses[]           date, note, tomorrowTaskIds, tomorrowFirstTaskId, closedAt (the evening closes)
 *   devices[]             signed-in devices: method, userAgent, createdAt, lastSeenAt, expiresAt,
 *                         pushSubscriptions[] (notifications on that device: pushService, the push
 *                         service's host, and createdAt; never the keys or the endpoint's path)
 */
type ExportRows = [
  ...BatchResponse<ReturnType<typeof directoryExportQueries>>,
  ...BatchResponse<ReturnType<typeof personExportQueries>>,
];

/** The export's rows kept in the directory: the account, its devices and their push subscriptions. */
function directoryExportQueries(db: Db, userId: string, now: Date) {
  return [
    userByIdQuery(db, userId),
    listLiveSessions(db, userId, now.getTime()),
    listPushSubscriptionsForExport(db, userId),
  ] as const;
}

/** The export's rows kept in the person's own database (docs/decisions/270-person-databases.md). */
function personExportQueries(db: Db, userId: string) {
  return [
    listTasksForExport(db, userId),
    listFocusSessionsForExport(db, userId),
    listDailyAnalyticsForExport(db, userId),
    listDayPlansForExport(db, userId),
    listRoutinesForExport(db, userId),
    listRoutineDaysForExport(db, userId),
    listDayClosesForExport(db, userId),
  ] as const;
}

/** The export document from its rows, the directory's then the home's (see above for its fields). */
export function accountExportFromRows(
  [
    [user],
    devices,
    subscriptions,
    tasks,
    focusSessions,
    dailyAnalytics,
    dayPlans,
    routines,
    routineDays,
    dayCloses,
  ]: ExportRows,
  now: Date,
) {
  if (!user) throw unauthorized();
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      timeZone: user.timeZone,
      defaultFocusMinutes: user.defaultFocusMinutes,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      hasPassword: user.passwordHash !== null,
      identityProvider: user.oidcIssuer,
    },
    tasks: tasks.map((task) => ({
      id: task.id,
      title: task.title,
      description: task.description,
      category: task.category,
      isCompleted: task.isCompleted,
      isPriority: task.isPriority,
      noListReason: task.noListReason,
      answers: task.answers,
      categoryChosen: task.categoryChosen,
      createdAt: iso(task.createdAt),
      updatedAt: iso(task.updatedAt),
      completedAt: iso(task.completedAt),
      priorityDate: task.priorityDate,
      noListDate: task.noListDate,
      createdDay: task.createdDay,
      completedDay: task.completedDay,
      routineId: task.routineId,
      routineDay: task.routineDay,
      estimateMinutes: task.estimateMinutes,
    })),
    routines: routines.map((routine) => ({
      id: routine.id,
      title: routine.title,
      repeat: repeatOf(routine),
      paused: routine.paused,
      startDay: routine.startDay,
      createdAt: iso(routine.createdAt),
      updatedAt: iso(routine.updatedAt),
      days: routineDays
        .filter((day) => day.routineId === routine.id)
        .map((day) => ({ date: day.day, state: day.state, reason: day.reason })),
    })),
    focusSessions: focusSessions.map((session) => ({
      id: session.id,
      taskId: session.taskId,
      plannedSeconds: session.duration,
      focusedSeconds: session.focusedSeconds,
      startedAt: iso(session.startedAt),
      completedAt: iso(session.completedAt),
      isCompleted: session.isCompleted,
    })),
    dailyAnalytics: dailyAnalytics.map((day) => ({
      date: day.date,
      totalTasksCreated: day.totalTasksCreated,
      tasksCompleted: day.tasksCompleted,
      priorityTasksCompleted: day.priorityTasksCompleted,
      carriedTasksCompleted: day.carriedTasksCompleted,
      focusSessionsCompleted: day.focusSessionsCompleted,
      totalFocusMinutes: day.totalFocusMinutes,
      mostProductiveHour: day.mostProductiveHour,
      categoryBreakdown: parseJson<unknown>(day.categoryBreakdown, day.categoryBreakdown),
      hourlyActivity: parseJson<unknown>(day.hourlyActivity, day.hourlyActivity),
    })),
    dayPlans: dayPlans.map((plan) => ({
      date: plan.date,
      priorityTaskIds: plan.priorityTaskIds,
      noListTaskIds: plan.noListTaskIds,
      skipped: plan.skipped,
      plannedAt: iso(plan.plannedAt),
    })),
    dayCloses: dayCloses.map((close) => ({
      date: close.date,
      note: close.note,
      tomorrowTaskIds: close.tomorrowTaskIds,
      tomorrowFirstTaskId: close.tomorrowFirstTaskId,
      closedAt: iso(close.closedAt),
    })),
    devices: devices.map((session) => ({
      method: session.sess.method,
      userAgent: session.sess.userAgent ?? null,
      createdAt: iso(session.createdAt),
      lastSeenAt: iso(session.lastSeenAt),
      expiresAt: iso(session.expire),
      pushSubscriptions: subscriptions.filter((row) => row.sessionId === session.sid).map(toExportedSubscription),
    })),
  };
}
export type AccountExport = ReturnType<typeof accountExportFromRows>;

/** The CSV's columns: a task's API fields except its owner and its answers, in the same order. */
export const TASK_CSV_COLUMNS = TASK_FIELD_NAMES.filter(
  (field): field is Exclude<keyof Task, "userId" | "answers"> => field !== "userId" && field !== "answers",
);

/** The person's day for file names (docs/product.md#the-day), so an export made late at night is named for "today". */
function localDate(now: Date, user: DayOwner): string {
  return todayOf(user, now).date;
}

/**
 * The session check and every row of the export in one trip: the account, devices and
 * subscriptions from the directory, the person's own row and rows from their home
 * (docs/decisions/270-person-databases.md).
 */
async function readExport(c: Context<AppEnv>, now: Date): Promise<{ user: SessionUser; rows: ExportRows }> {
  const {
    user,
    data: [[[account], devices, subscriptions], [[person], ...personRows]],
  } = await readAccountAndRowsAsUser(
    c,
    (directory, userId) => directoryExportQueries(directory, userId, now),
    (db, userId) => [userByIdQuery(db, userId), ...personExportQueries(db, userId)] as const,
  );
  const accounts = account ? [withPersonSettings(account, person)] : [];
  return { user, rows: [accounts, devices, subscriptions, ...personRows] };
}

const attachment = (name: string) => `attachment; filename="${name}"`;

/** GET /api/account/export and /api/account/export.csv (mounted under /api/account). */
export const accountExportRoutes = new Hono<AppEnv>()
  .get("/export", requireUser, beginDay, async (c) => {
    const now = new Date();
    const { user, rows } = await readExport(c, now);
    const data = accountExportFromRows(rows, now);
    return c.body(JSON.stringify(data, null, 2), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": attachment(`onething-export-${localDate(now, user)}.json`),
    });
  })
  .get("/export.csv", requireUser, beginDay, async (c) => {
    const now = new Date();
    const {
      user,
      data: [tasks],
    } = await readAsUser(c, (db, userId) => [listTasksForExport(db, userId)]);
    const rows = tasks.map((row) => {
      const task = toTask(row);
      return TASK_CSV_COLUMNS.map((column) => task[column]);
    });
    // The byte order mark makes spreadsheet programs read the file as UTF-8.
    const body = `\uFEFF${toCsv([TASK_CSV_COLUMNS, ...rows])}`;
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": attachment(`onething-tasks-${localDate(now, user)}.csv`),
    });
  });
