import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { ChangeEvent } from "../changes/events";
import { guardOn } from "../changes/guard";
import { type ChangeSubscriber, commitChange } from "../changes/pipeline";
import type { Db } from "../db/client";
import { tasks, users } from "../db/schema";
import type { PersonRow } from "../hub/hub-part";
import { todayOf } from "./today";

/*
 * The day begins on the server (docs/decisions/259-the-day-begins-on-the-server.md). Whether a
 * person's day has begun is a fact in their D1 row (users.day_begun, the last begun day), not in the
 * hub: the hub's schedule only wakes it at the day's start. The day-start step sets that fact once
 * per person and day, as a change of the one pipeline (docs/decisions/250-one-home-for-a-change.md):
 * its event, `day-began`, is what the day-start subscribers prepare the day for, in the same batch,
 * whoever gets there first: the hub's day-start row, or the first read of the day
 * (worker/auth/session-read.ts).
 */

/** Whose day: the person, their zone and the hour their day starts. */
export type DayStartOwner = { userId: string; timeZone: string; dayStartHour: number };

/**
 * What the step did: whether this run began the day (exactly one run per day does), and the day; the
 * run that began it answers the person's row as D1 holds it after (the truth the hub arms its parts
 * from) and the change's events, `day-began` and, when the day's start took open routine occurrences
 * off the list, `tasks-removed` naming them (docs/decisions/381-one-message-from-a-change-to-the-hub.md).
 */
export type DayStartResult =
  | { begun: true; today: string; person: PersonRow; events: readonly ChangeEvent[] }
  | { begun: false; today: string };

/**
 * The person's open routine occurrences: read before the subscribers' statements and after, in the
 * step's one batch, the ones gone are what the day's start removed, whichever rule removed them.
 */
function openOccurrencesQuery(db: Db, userId: string) {
  return db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNotNull(tasks.routineId), eq(tasks.isCompleted, false)));
}

/**
 * Whether the person's rows say today has not begun: no day has (null), an earlier one was the last,
 * or a later one (the zone or the start hour moved back after it began), which today's start undoes
 * (docs/decisions/325-a-day-begun-ahead-is-undone.md).
 */
export function dayNotBegun(dayBegun: string | null, owner: Omit<DayStartOwner, "userId">, now: Date): boolean {
  if (dayBegun === null) return true;
  const { date: today, endsAt } = todayOf(owner, now);
  if (dayBegun === today) return false;
  return !(dayBegun > today && laterDayStaysBegun(endsAt, now));
}

/**
 * How close to the end of today a later day begun stops being undone: one begun in today's last
 * quarter hour is taken for tomorrow's real start, which a step whose instant was taken before the
 * turn (a slow request, a guard retried) must not undo. A setting moved back in that quarter hour
 * keeps the later day (docs/decisions/325-a-day-begun-ahead-is-undone.md).
 */
const UNDO_AHEAD_UNTIL_MS = 15 * 60_000;

/** Whether a later day begun stays begun at `now`, today ending at `endsAt`: see UNDO_AHEAD_UNTIL_MS. */
function laterDayStaysBegun(endsAt: Date, now: Date): boolean {
  return endsAt.getTime() - now.getTime() <= UNDO_AHEAD_UNTIL_MS;
}

/** The instant the person's next day starts after `now` (ms): the end of the day `now` lies in. */
export function nextDayStartAt(owner: Omit<DayStartOwner, "userId">, now: number): number {
  return todayOf(owner, new Date(now)).endsAt.getTime();
}

/**
 * The day-start step: ONE change through the pipeline, so ONE D1 batch: a guard (today has begun
 * already) first, then users.day_begun = today (back from a later day the settings moved away
 * from, too), then what the subscribers add for `day-began`, then
 * the person's row read back. However many run it at once, one batch wins; the others fail whole at
 * the guard and answer begun: false. The winner answers the person's row and the change's events;
 * its caller tells the hub (worker/hub-host/day-start.ts, or the hub's own day-start row).
 */
export async function runDayStartStep(
  db: Db,
  owner: DayStartOwner,
  now: Date,
  subscribers: readonly ChangeSubscriber[],
): Promise<DayStartResult> {
  const { date: today, endsAt } = todayOf(owner, now);
  let events: readonly ChangeEvent[] = [];
  const scope = {
    db,
    user: { id: owner.userId, timeZone: owner.timeZone, dayStartHour: owner.dayStartHour },
    now,
    subscribers,
    announce: async (told: readonly ChangeEvent[]) => {
      events = told;
    },
  };
  // Today has begun, or a later day did just before this step (the night passed while it ran);
  // a later day begun otherwise is undone by the step (docs/decisions/325-a-day-begun-ahead-is-undone.md).
  const laterStaysBegun = laterDayStaysBegun(endsAt, now);
  const beganAlready = sql`exists (select 1 from ${users} where ${users.id} = ${owner.userId}
    and (${users.dayBegun} = ${today} or (${users.dayBegun} > ${today} and ${laterStaysBegun ? 1 : 0})))`;
  try {
    const { reads } = await commitChange(
      scope,
      () => ({
        guards: [guardOn(db, users, beganAlready)],
        statements: [
          db.update(users).set({ dayBegun: today }).where(eq(users.id, owner.userId)),
          openOccurrencesQuery(db, owner.userId),
        ],
        events: [{ type: "day-began", date: today }],
        eventsAfter: ({ results: [, before], reads: [, after] }) => {
          const left = new Set(after.map((row) => row.id));
          const taskIds = before.map((row) => row.id).filter((id) => !left.has(id));
          return taskIds.length > 0 ? [{ type: "tasks-removed", taskIds }] : [];
        },
        reads: [
          db.select().from(users).where(eq(users.id, owner.userId)).limit(1),
          openOccurrencesQuery(db, owner.userId),
        ],
      }),
      {
        whenAborted: () => {
          throw DAY_BEGUN_ALREADY;
        },
      },
    );
    const [user] = reads[0];
    return user ? { begun: true, today, person: user, events } : { begun: false, today };
  } catch (err) {
    // Another run began the day first: nothing was written, and nothing is left to do.
    if (err === DAY_BEGUN_ALREADY) return { begun: false, today };
    throw err;
  }
}

/** Thrown by the step's whenAborted to leave the pipeline when another run began the day first. */
const DAY_BEGUN_ALREADY = new Error("the day has begun already");
