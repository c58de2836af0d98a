import { addDays, dayOf, firstInstantAt, minuteOfDay, wallClock } from "../../shared/day";
import type { PushMessageBody } from "../../shared/schemas/push";
import { userByIdQuery } from "../auth/users";
import { createDb } from "../db/client";
import { personDatabase } from "../db/person-db";
import type { Bindings } from "../env";
import type { DaySettings } from "../hub/hub-client";
import type { AfterAlarm, HubHost } from "../hub/hub-part";
import { HUB_KEYS, SCHEDULE_KINDS } from "../hub/storage-keys";
import { pushToUser } from "../push/send";
import { dayState, dayStateQueries } from "./day-state";

/*
 * The morning nudge (docs/product.md#morning-nudge), a part of the person's hub (UserHub). The hub
 * has one schedule for its parts: the nudge is a row (kind plan-reminder) at its next local time,
 * whose job takes the reminder when it is due and writes the row again for the next day
 * (docs/decisions/137-one-alarm-for-timer-and-reminder.md,
 * docs/decisions/258-one-schedule-in-the-hub.md).
 */

/** What the hub keeps of the reminder (its row's payload): whose, in which zone and day, and at what local time. */
export type ReminderSettings = { userId: string; timeZone: string; dayStartHour: number; time: string; home?: number };

/** The path the notification opens: the priority picker, which leads with the plan. */
const PLAN_PATH = "/";

/** The next instant after `now` (ms) at which the wall clock in the zone reads the reminder's time. */
export function nextReminderAt(settings: Pick<ReminderSettings, "timeZone" | "time">, now: number): number {
  const minute = minuteOfDay(settings.time);
  const date = wallClock(new Date(now), settings.timeZone).date;
  // Today's or tomorrow's time is after now, the day after for a wall time a daylight-saving
  // change skips: three days are enough, and the loop is bounded by them.
  for (let days = 0; days < 3; days += 1) {
    const at = firstInstantAt(addDays(date, days), minute, settings.timeZone).getTime();
    if (at > now) return at;
  }
  return firstInstantAt(addDays(date, 3), minute, settings.timeZone).getTime();
}

/**
 * The morning nudge as a part of the person's hub: its settings and next instant are its row of the
 * hub's schedule (so they survive eviction), given to it by PATCH /api/account and again at each
 * day start from D1.
 */
export class PlanReminder {
  constructor(private readonly host: Pick<HubHost, "env" | "schedule">) {}

  /** Keeps the reminder's settings (reminderTime null: off) and when it is next due. */
  async store(settings: DaySettings, now: number): Promise<void> {
    const reminder = reminderOf(settings);
    if (!reminder) await this.host.schedule.cancel(SCHEDULE_KINDS.planReminder);
    else await this.host.schedule.set(SCHEDULE_KINDS.planReminder, nextReminderAt(reminder, now), reminder);
  }

  /**
   * The day began (worker/hub-host/day-start.ts): the day's nudge is armed from the settings D1 holds,
   * which mends a hub whose copy missed a change. A row with the same settings is left as it is, so
   * a nudge due at the very instant the day starts is still sent.
   */
  async armForDay(settings: DaySettings, now: number): Promise<void> {
    const reminder = reminderOf(settings);
    const row = this.host.schedule.row<ReminderSettings>(SCHEDULE_KINDS.planReminder);
    if (reminder && row && sameReminder(row.payload, reminder)) return;
    await this.store(settings, now);
  }

  /** A hub from before the one schedule kept the nudge under its own key: it becomes the nudge's row. */
  adoptLegacyRow(kv: SyncKvStorage): void {
    const legacy = kv.get<ReminderSettings & { nextAt: number }>(HUB_KEYS.legacyPlanReminder);
    if (!legacy) return;
    const { nextAt, ...settings } = legacy;
    this.host.schedule.put(SCHEDULE_KINDS.planReminder, nextAt, settings);
    kv.delete(HUB_KEYS.legacyPlanReminder);
  }

  /** When the reminder is next due (ms), or null when it is off. */
  nextDueAt(): number | null {
    return this.host.schedule.row(SCHEDULE_KINDS.planReminder)?.at ?? null;
  }

  /** Takes a due reminder (takeDue) and sends it once the hub's one-at-a-time section is over. */
  async runDue(now: number): Promise<AfterAlarm | null> {
    const due = await this.takeDue(now);
    return due ? () => sendPlanReminder(this.host.env, due.userId, due.home ?? 0, new Date()) : null;
  }

  /**
   * Takes the reminder if it is due at `now` and moves it to its next time, before anything is sent:
   * an alarm delivered twice finds it taken. Answers the settings to send with, or null. A reminder
   * the hub only gets to on a later day of the person (it could not run) is dropped, not sent late.
   */
  private async takeDue(now: number): Promise<ReminderSettings | null> {
    const row = this.host.schedule.row<ReminderSettings>(SCHEDULE_KINDS.planReminder);
    if (!row || row.at > now) return null;
    const settings = row.payload;
    await this.host.schedule.set(SCHEDULE_KINDS.planReminder, nextReminderAt(settings, now), settings);
    const dayAt = (time: number) => dayOf(new Date(time), settings.timeZone, settings.dayStartHour);
    return dayAt(row.at) === dayAt(now) ? settings : null;
  }
}

/** The reminder of a person's day settings, or null when it is off. */
function reminderOf(settings: DaySettings): ReminderSettings | null {
  const { reminderTime, ...day } = settings;
  return reminderTime === null ? null : { ...day, time: reminderTime };
}

function sameReminder(a: ReminderSettings, b: ReminderSettings): boolean {
  return (
    a.userId === b.userId &&
    a.timeZone === b.timeZone &&
    a.dayStartHour === b.dayStartHour &&
    a.time === b.time &&
    (a.home ?? 0) === (b.home ?? 0)
  );
}

/** "Plan your day" with the count of the tasks carried over. */
export function planReminderMessage(carriedOver: number): PushMessageBody {
  const body =
    carriedOver === 0
      ? "Nothing carried over: a fresh start. What matters today?"
      : `${carriedOver} ${carriedOver === 1 ? "task" : "tasks"} carried over. What matters today?`;
  return { type: "plan-reminder", title: "Plan your day", body, tag: "plan-reminder", url: PLAN_PATH };
}

/**
 * Sends the nudge to every device with notifications on, unless today is planned already or the
 * person turned the reminder off meanwhile (D1 is what counts; the hub's copy may lag). A nudge
 * is best effort: failures are logged, never thrown into the hub's alarm. Answers how many got it.
 */
export async function sendPlanReminder(env: Bindings, userId: string, home: number, now: Date): Promise<number> {
  try {
    // The person's rows, in their home (docs/decisions/274-the-hub-learns-the-home.md).
    const db = createDb(personDatabase(env, home));
    const [[user], ...state] = await db.batch([userByIdQuery(db, userId), ...dayStateQueries(db, userId)]);
    if (!user?.planReminderEnabled) return 0;
    const day = dayState(user, state, now);
    if (day.planned) return 0;
    return await pushToUser(env, userId, planReminderMessage(day.carriedOver.length));
  } catch (err) {
    console.error("could not send the plan reminder", err);
    return 0;
  }
}
