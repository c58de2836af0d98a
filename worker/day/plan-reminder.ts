import { addDays, dayOf, firstInstantAt, minuteOfDay, wallClock } from "../../shared/day";
import type { PushMessageBody } from "../../shared/schemas/push";
import { userByIdQuery } from "../auth/users";
import { createDb } from "../db/client";
import type { Bindings } from "../env";
import type { AfterAlarm, TimedPart } from "../hub/hub-part";
import { HUB_KEYS } from "../hub/storage-keys";
import { pushToUser } from "../push/send";
import { dayState, dayStateQueries } from "./day-state";

/*
 * The morning nudge (docs/product.md#morning-nudge), a part of the person's hub (UserHub). The hub
 * has one alarm for its parts: it points the alarm at the soonest of what they say is due (here, the
 * nudge's next local time) and, when it rings, runs each part, which takes the reminder if it is due
 * (docs/decisions/137-one-alarm-for-timer-and-reminder.md).
 */

/** What the hub keeps of the reminder: whose, in which zone and day, and at what local time. */
export type ReminderSettings = { userId: string; timeZone: string; dayStartHour: number; time: string };
type StoredReminder = ReminderSettings & { nextAt: number };

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
 * The morning nudge as a part of the person's hub: its settings and next instant kept in the hub's
 * storage (so they survive eviction), given to it by PATCH /api/account, and its share of the hub's
 * one alarm.
 */
export class PlanReminder implements TimedPart {
  constructor(
    private readonly env: Bindings,
    private readonly kv: SyncKvStorage,
  ) {}

  /** Keeps the reminder's settings (null: off) and when it is next due. */
  store(settings: ReminderSettings | null, now: number): void {
    if (!settings) {
      this.kv.delete(HUB_KEYS.planReminder);
      return;
    }
    this.kv.put(HUB_KEYS.planReminder, { ...settings, nextAt: nextReminderAt(settings, now) } satisfies StoredReminder);
  }

  /** When the reminder is next due (ms), or null when it is off. */
  nextDueAt(): number | null {
    return this.kv.get<StoredReminder>(HUB_KEYS.planReminder)?.nextAt ?? null;
  }

  /** Takes a due reminder (takeDue) and sends it once the hub's one-at-a-time section is over. */
  async runDue(now: number): Promise<AfterAlarm | null> {
    const due = this.takeDue(now);
    return due ? () => sendPlanReminder(this.env, due.userId, new Date()) : null;
  }

  /**
   * Takes the reminder if it is due at `now` and moves it to its next time, before anything is sent:
   * an alarm delivered twice finds it taken. Answers the settings to send with, or null. A reminder
   * the hub only gets to on a later day of the person (it could not run) is dropped, not sent late.
   */
  private takeDue(now: number): ReminderSettings | null {
    const stored = this.kv.get<StoredReminder>(HUB_KEYS.planReminder);
    if (!stored || stored.nextAt > now) return null;
    const { nextAt, ...settings } = stored;
    this.kv.put(HUB_KEYS.planReminder, { ...settings, nextAt: nextReminderAt(settings, now) } satisfies StoredReminder);
    const dayAt = (time: number) => dayOf(new Date(time), settings.timeZone, settings.dayStartHour);
    return dayAt(nextAt) === dayAt(now) ? settings : null;
  }
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
export async function sendPlanReminder(env: Bindings, userId: string, now: Date): Promise<number> {
  try {
    const db = createDb(env.DB);
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
