import { dayOf } from "../../shared/day";
import { nextWallTimeAt, type Weekday } from "../../shared/day-close";
import type { PushMessageBody } from "../../shared/schemas/push";
import { userByIdQuery } from "../auth/users";
import { createDb } from "../db/client";
import { DIRECTORY_HOME, personDatabase } from "../db/person-db";
import type { Bindings } from "../env";
import {
  type AfterAlarm,
  type DaySettings,
  daySettingsOf,
  type HubHost,
  type HubPart,
  type PersonRow,
} from "../hub/hub-part";
import type { ScheduleRow } from "../hub/schedule";
import { pushToUser } from "../push/send";
import { dayState, dayStateQueries } from "./day-state";

/*
 * A push at the person's wall time, a part of their hub (docs/decisions/380-the-hub-hosts-parts.md):
 * the morning nudge (./plan-reminder.ts), the evening close (worker/day-close/close-reminder.ts), and
 * any later one, daily or on given weekdays, each one entry of the host's list of parts. Its row of
 * the hub's one schedule is its next local time (docs/decisions/258-one-schedule-in-the-hub.md); the
 * row's job takes it when due and writes it again for the next time before anything is sent, and D1
 * is asked before sending (docs/decisions/137-one-alarm-for-timer-and-reminder.md,
 * docs/decisions/293-the-close-push-on-the-hub-s-schedule.md).
 */

/** When a push comes: a local wall time ("HH:MM"), every day or only on these weekdays. */
export type PushTime = { time: string; weekdays?: readonly Weekday[] };

/** The day of the person as D1 holds it when the push is due. */
type DayNow = ReturnType<typeof dayState>;

/** One push at a wall time, as its capability describes it. */
export type DailyPushSpec = {
  /** Its kind of schedule row (one row per person, its id the kind). */
  kind: string;
  /** What it is, for the log of a failed send. */
  name: string;
  /** When it comes for this person, from their row; null: off. */
  when(person: PersonRow): PushTime | null;
  /** What to send, from D1 when it is due (their row, their day); null: nothing (off meanwhile, or done already). */
  message(person: PersonRow, day: DayNow): PushMessageBody | null;
  /** The hub wakes at the person's day starts while it is on, and arms it again from D1 then. */
  wakesAtDayStart?: boolean;
};

/** What the hub keeps of it (its row's payload): whose, in which zone and day, and when. */
type PushRow = DaySettings & PushTime;

function rowOf(person: PersonRow, time: PushTime | null): PushRow | null {
  return time === null ? null : { ...daySettingsOf(person), ...time };
}

function samePush(a: PushRow, b: PushRow): boolean {
  return (
    a.userId === b.userId &&
    a.timeZone === b.timeZone &&
    a.dayStartHour === b.dayStartHour &&
    a.time === b.time &&
    (a.home ?? DIRECTORY_HOME) === (b.home ?? DIRECTORY_HOME) &&
    (a.weekdays ?? []).join() === (b.weekdays ?? []).join()
  );
}

const nextAt = (push: PushRow, now: number) => nextWallTimeAt(push.time, push.timeZone, now, push.weekdays);

/** The part of the hub that sends one DailyPushSpec. */
export function dailyPushPart<Event extends { type: string }>(
  host: Pick<HubHost, "env" | "schedule">,
  spec: DailyPushSpec,
): HubPart<Event> {
  const { schedule } = host;
  const store = async (person: PersonRow, now: number) => {
    const push = rowOf(person, spec.when(person));
    if (!push) await schedule.cancel(spec.kind);
    else await schedule.set(spec.kind, nextAt(push, now), push);
  };
  return {
    jobs: { [spec.kind]: { run: (row, now) => runDue(host, spec, row as ScheduleRow<PushRow>, now) } },
    settingsChanged: store,
    // Armed from the settings D1 holds, which mends a hub whose copy missed a change. A row with the
    // same settings is left as it is, so a push due at the very instant the day starts is still sent.
    dayStarted: async (person, now) => {
      const push = rowOf(person, spec.when(person));
      const row = schedule.row<PushRow>(spec.kind);
      if (push && row && samePush(row.payload, push)) return;
      await store(person, now);
    },
  };
}

/**
 * Takes a due push and moves its row to the next time, before anything is sent: an alarm delivered
 * twice finds it taken. One the hub only gets to on a later day of the person (it could not run) is
 * dropped, not sent late. The send goes once the hub's one-at-a-time section is over.
 */
async function runDue(
  host: Pick<HubHost, "env" | "schedule">,
  spec: DailyPushSpec,
  row: ScheduleRow<PushRow>,
  now: number,
): Promise<AfterAlarm | null> {
  if (row.at > now) return null;
  const push = row.payload;
  await host.schedule.set(spec.kind, nextAt(push, now), push);
  const dayAt = (time: number) => dayOf(new Date(time), push.timeZone, push.dayStartHour);
  if (dayAt(row.at) !== dayAt(now)) return null;
  return () => sendDailyPush(host.env, spec, push.userId, push.home ?? DIRECTORY_HOME, new Date());
}

/**
 * Sends the push to every device with notifications on, if the person's row and day in D1 still
 * ask for it (D1 is what counts; the hub's copy may lag). Best effort: failures are logged, never
 * thrown into the hub's alarm. Answers how many got it.
 */
async function sendDailyPush(
  env: Bindings,
  spec: DailyPushSpec,
  userId: string,
  home: number,
  now: Date,
): Promise<number> {
  try {
    // The person's rows, in their home (docs/decisions/274-the-hub-learns-the-home.md).
    const db = createDb(personDatabase(env, home));
    const [[person], ...state] = await db.batch([userByIdQuery(db, userId), ...dayStateQueries(db, userId)]);
    if (!person || spec.when(person) === null) return 0;
    const message = spec.message(person, dayState(person, state, now));
    return message ? await pushToUser(env, userId, message) : 0;
  } catch (err) {
    console.error(`could not send ${spec.name}`, err);
    return 0;
  }
}
