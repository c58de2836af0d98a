import { dayOf } from "../../shared/day";
import { nextWallTimeAt } from "../../shared/day-close";
import type { PushMessageBody } from "../../shared/schemas/push";
import { userByIdQuery } from "../auth/users";
import { dayState, dayStateQueries } from "../day/day-state";
import { createDb } from "../db/client";
import { personDatabase } from "../db/person-db";
import type { Bindings } from "../env";
import type { DaySettings } from "../hub/hub-client";
import type { AfterAlarm, HubHost } from "../hub/hub-part";
import { SCHEDULE_KINDS } from "../hub/storage-keys";
import { pushToUser } from "../push/send";

/*
 * The evening close's push (docs/decisions/293-the-close-push-on-the-hub-s-schedule.md), a part of
 * the person's hub, the same path as the morning nudge: a row (kind day-close) of the hub's one
 * schedule at the close's next local time, whose job takes it when due, writes the row again for the
 * next evening, and sends "Close your day" to the devices with notifications on.
 */

/**
 * What the hub keeps of the close (its row's payload), with the person's home database
 * (docs/decisions/274-the-hub-learns-the-home.md; absent from rows kept before homes: 0).
 */
export type CloseReminderSettings = {
  userId: string;
  timeZone: string;
  dayStartHour: number;
  time: string;
  home?: number;
};

function closeOf(settings: DaySettings): CloseReminderSettings | null {
  const time = settings.closeTime ?? null;
  if (time === null) return null;
  const { userId, timeZone, dayStartHour, home } = settings;
  return { userId, timeZone, dayStartHour, time, ...(home === undefined ? {} : { home }) };
}

const same = (a: CloseReminderSettings, b: CloseReminderSettings) =>
  a.userId === b.userId &&
  a.timeZone === b.timeZone &&
  a.dayStartHour === b.dayStartHour &&
  a.time === b.time &&
  (a.home ?? 0) === (b.home ?? 0);

export class DayCloseReminder {
  constructor(private readonly host: Pick<HubHost, "env" | "schedule">) {}

  /** Keeps the close's settings (closeTime null: off) and when it is next due. */
  async store(settings: DaySettings, now: number): Promise<void> {
    const close = closeOf(settings);
    if (!close) await this.host.schedule.cancel(SCHEDULE_KINDS.dayClose);
    else await this.host.schedule.set(SCHEDULE_KINDS.dayClose, nextWallTimeAt(close.time, close.timeZone, now), close);
  }

  /** The day began: the evening's push is armed from D1's settings, a row with the same left as it is. */
  async armForDay(settings: DaySettings, now: number): Promise<void> {
    const close = closeOf(settings);
    const row = this.host.schedule.row<CloseReminderSettings>(SCHEDULE_KINDS.dayClose);
    if (close && row && same(row.payload, close)) return;
    await this.store(settings, now);
  }

  /** Takes a due push (moved to the next evening first: an alarm delivered twice finds it taken) and sends it after. */
  async runDue(now: number): Promise<AfterAlarm | null> {
    const row = this.host.schedule.row<CloseReminderSettings>(SCHEDULE_KINDS.dayClose);
    if (!row || row.at > now) return null;
    const settings = row.payload;
    await this.host.schedule.set(
      SCHEDULE_KINDS.dayClose,
      nextWallTimeAt(settings.time, settings.timeZone, now),
      settings,
    );
    // One the hub only gets to on a later day of the person is dropped, not sent late.
    const dayAt = (time: number) => dayOf(new Date(time), settings.timeZone, settings.dayStartHour);
    if (dayAt(row.at) !== dayAt(now)) return null;
    return () => sendDayCloseReminder(this.host.env, settings.userId, settings.home ?? 0, new Date());
  }
}

/** "Close your day", opening the close. */
export function dayCloseMessage(): PushMessageBody {
  return {
    type: "day-close",
    title: "Close your day",
    body: "See what you did and decide where the rest goes.",
    tag: "day-close",
    url: "/close",
  };
}

/**
 * Sends the push to every device with notifications on, unless the day is closed already or the
 * person turned the close off meanwhile (D1 is what counts). Best effort: failures are logged.
 * Answers how many got it.
 */
export async function sendDayCloseReminder(env: Bindings, userId: string, home: number, now: Date): Promise<number> {
  try {
    // The person's rows, in their home (docs/decisions/274-the-hub-learns-the-home.md).
    const db = createDb(personDatabase(env, home));
    const [[user], ...state] = await db.batch([userByIdQuery(db, userId), ...dayStateQueries(db, userId)]);
    if (!user?.dayCloseEnabled) return 0;
    if (dayState(user, state, now).closed) return 0;
    return await pushToUser(env, userId, dayCloseMessage());
  } catch (err) {
    console.error("could not send the evening close's push", err);
    return 0;
  }
}
