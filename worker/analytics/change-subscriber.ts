import type { BatchItem } from "drizzle-orm/batch";
import { localDateAndHour } from "../../shared/analytics";
import { isMarkOfDay } from "../../shared/day";
import type { ChangeEvent } from "../changes/events";
import type { ChangeContext, ChangeSubscriber } from "../changes/pipeline";
import { createdDayOf, finishDayOf } from "../day/finish-day";
import { occurrencesMadeSql, type TaskRow } from "../db/task-rows";
import {
  type AnalyticsEvent,
  analyticsStatements,
  createdCountedStatement,
  laterOccurrencesUncountedStatement,
  takeBackCompletionsStatements,
} from "./recorder";

/*
 * The daily records follow every change of the person's tasks and focus in the change's own batch
 * (docs/decisions/250-one-home-for-a-change.md), so the counters never drift from the data
 * (docs/decisions/006-how-analytics-counters-move.md). Wired once, in worker/change-subscribers.ts.
 */

/**
 * A reopen takes the finish off the day it counted on, everywhere
 * (docs/decisions/181-reopen-takes-the-finish-off-its-day.md): that day's record loses the
 * completion (and the priority completion when the task was one of that day's three), so Done,
 * Analytics, the streak and the plan's recap keep agreeing. The change's batch aborts unless the
 * task is still finished.
 */
function unfinishStatements(
  db: ChangeContext["db"],
  user: ChangeContext["user"],
  task: Pick<TaskRow, "completedDay" | "completedAt" | "isPriority" | "priorityDate" | "createdDay" | "createdAt">,
): BatchItem<"sqlite">[] {
  const date = finishDayOf(user, task);
  if (!date || !task.completedAt) return [];
  return takeBackCompletionsStatements(db, user.id, {
    date,
    hour: localDateAndHour(task.completedAt, user.timeZone).hour,
    completed: 1,
    priorityCompleted: task.isPriority && isMarkOfDay(task.priorityDate, date) ? 1 : 0,
    carriedCompleted: createdDayOf(user, task) < date ? 1 : 0,
  });
}

/** The counters' events of a change's event (any of them also recounts the category breakdown); none for the rest. */
function countersOf(event: ChangeEvent): AnalyticsEvent[] {
  switch (event.type) {
    case "tasks-created":
      return [{ type: "task-created", count: event.count }, { type: "categories-changed" }];
    case "task-finished":
      return [{ type: "task-completed", priority: event.priority, ...(event.carried ? { carried: true } : {}) }];
    case "task-reopened":
    case "tasks-edited":
    case "tasks-removed":
    case "tasks-restored":
      return [{ type: "categories-changed" }];
    case "focus-finished":
      return [
        {
          type: "focus-completed",
          minutes: event.minutes,
          ...(event.startedAt ? { startedAt: event.startedAt, pauses: event.pauses ?? [] } : {}),
        },
      ];
    // Any other event moves no counter: a plan, a skip, a close or a "No" said again; a clear or a
    // reset removes the records; a day's start counts only the occurrences it made (below); sign-in's
    // sessions, the settings and notifications; a deleted account's records are gone.
    default:
      return [];
  }
}

/** What the day's records add to a change: a reopen's or an undo's completions taken back, then the counters. */
export const analyticsSubscriber: ChangeSubscriber = (events, { db, user, now }) => [
  ...events.flatMap((event) => {
    if (event.type === "task-reopened") return unfinishStatements(db, user, event.task);
    if (event.type === "tasks-restored" && event.counted)
      return takeBackCompletionsStatements(db, user.id, event.counted);
    // Today's routine tasks, made by the routines' part of the same batch before this one
    // (worker/change-subscribers.ts), are tasks created today.
    if (event.type === "day-began")
      return [createdCountedStatement(db, user.id, event.date, occurrencesMadeSql(user.id, event.date, now))];
    return [];
  }),
  ...analyticsStatements(db, user, events.flatMap(countersOf), now),
];

/**
 * The records' part of a day's start that must come before the routines' (worker/change-subscribers.ts):
 * the later days' occurrences an undone day start counted, uncounted while they are still there
 * (docs/decisions/325-a-day-begun-ahead-is-undone.md).
 */
export const analyticsBeforeRoutinesSubscriber: ChangeSubscriber = (events, { db, user }) =>
  events.flatMap((event) =>
    event.type === "day-began" ? [laterOccurrencesUncountedStatement(db, user.id, event.date)] : [],
  );
