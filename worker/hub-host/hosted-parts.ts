import { userByIdQuery } from "../auth/users";
import type { ChangeEvent, ChangeNews } from "../changes/events";
import { personRowOf } from "../changes/events";
import { createDb } from "../db/client";
import { personDatabase } from "../db/person-db";
import type { Bindings } from "../env";
import { type AfterAlarm, type DaySettings, daySettingsOf, type HubPart, type PersonRow } from "../hub/hub-part";
import { type HubSchedule, SCHEDULE_RETRY_MS, type ScheduleRow } from "../hub/schedule";
import { SCHEDULE_KINDS } from "../hub/storage-keys";
import { nextDayStartAt } from "../today/day-start";
import { runDayStart } from "./day-start";
import { hubPreparesDay } from "./hub-parts";

/*
 * What the person's hub does with its parts (./hub-parts.ts, docs/decisions/380-the-hub-hosts-parts.md):
 * the one schedule's due rows run by their parts' jobs, a change's news handed to the parts that
 * follow its events, and the day start: the day-start step, then each part's day, then the next day
 * start. Everything here runs inside the host's one-at-a-time section.
 */
export class HostedParts {
  /** The one table of timed jobs, built from the parts: a kind of row and what runs when it is due. */
  private readonly jobs: Map<string, NonNullable<HubPart["jobs"]>[string]>;

  constructor(
    private readonly env: Bindings,
    private readonly schedule: HubSchedule,
    private readonly parts: readonly HubPart<ChangeEvent>[],
  ) {
    this.jobs = new Map(parts.flatMap((part) => Object.entries(part.jobs ?? {})));
    this.jobs.set(SCHEDULE_KINDS.dayStart, { run: (row, now) => this.startDay(row as ScheduleRow<DaySettings>, now) });
    this.mend();
  }

  /** Each part puts its rows right (the hub woke, or the alarm rang). */
  mend(): void {
    for (const part of this.parts) part.mend?.();
  }

  /**
   * The alarm rang: every row whose job is due runs, in the order of their instants; a row its job
   * did not write again is done and dropped, a job that throws runs again SCHEDULE_RETRY_MS later;
   * then the alarm points at the earliest row left. Answers what the jobs send (pushes), to go after
   * the one-at-a-time section (docs/decisions/258-one-schedule-in-the-hub.md).
   */
  async runDue(now: number): Promise<AfterAlarm[]> {
    const sends: AfterAlarm[] = [];
    this.mend();
    for (const row of this.schedule.rows()) {
      // A job that ran before may have moved or dropped this row.
      if (this.schedule.row(row.id)?.tag !== row.tag) continue;
      const job = this.jobs.get(row.kind);
      if (!job) {
        console.error(`the hub's schedule has a row of an unknown kind: ${row.kind}`);
        this.schedule.drop(row.id);
        continue;
      }
      if (!(job.due ? job.due(row, now) : row.at <= now)) continue;
      try {
        const send = await job.run(row, now);
        if (send) sends.push(send);
        if (this.schedule.row(row.id)?.tag === row.tag) this.schedule.drop(row.id);
      } catch (err) {
        console.error(`the hub's ${row.kind} job failed; it runs again later`, err);
        this.schedule.put(row.kind, Date.now() + SCHEDULE_RETRY_MS, row.payload, row.id);
      }
    }
    await this.schedule.arm();
    return sends;
  }

  /**
   * A committed change: each part that follows one of its events does its part, in the list's order;
   * then, when the news has the person's row, their day's start (a day that began) or their settings
   * (a change that stored them) are followed.
   */
  async follow(news: ChangeNews, now: number): Promise<void> {
    const types = new Set(news.events.map((event) => event.type));
    for (const part of this.parts) {
      if (part.followChange && part.follows?.some((type) => types.has(type))) await part.followChange(news, now);
    }
    if (news.person && types.has("day-began")) return this.prepareDay(news.person, now);
    const person = personRowOf(news.events);
    if (!person) return;
    for (const part of this.parts) await part.settingsChanged?.(person, now);
    await this.scheduleDayStart(person, now);
  }

  /**
   * The day-start row's job: the day-start step in D1 (once per person and day, whoever runs it
   * first: docs/decisions/259-the-day-begins-on-the-server.md), its news followed; when a read began
   * the day first, the parts' day is prepared from the person's row as D1 holds it.
   */
  private async startDay(row: ScheduleRow<DaySettings>, now: number): Promise<null> {
    const { userId, timeZone, dayStartHour, home = 0 } = row.payload;
    const db = createDb(personDatabase(this.env, home));
    const result = await runDayStart(db, { userId, timeZone, dayStartHour }, new Date(now));
    if (result.begun) {
      await this.follow({ events: result.events, tab: null, person: result.person }, now);
      return null;
    }
    const [person] = await userByIdQuery(db, userId);
    if (person) await this.prepareDay(person, now);
    else await this.schedule.cancel(SCHEDULE_KINDS.dayStart);
    return null;
  }

  /** The hub's part of a day that began: each part's day prepared, then the next day start scheduled. */
  private async prepareDay(person: PersonRow, now: number): Promise<void> {
    for (const part of this.parts) await part.dayStarted?.(person, now);
    await this.scheduleDayStart(person, now);
  }

  /** The person's next day start in their zone and start hour, while the hub has something to prepare then. */
  private async scheduleDayStart(person: PersonRow, now: number): Promise<void> {
    if (hubPreparesDay(person)) {
      const settings = daySettingsOf(person);
      await this.schedule.set(SCHEDULE_KINDS.dayStart, nextDayStartAt(settings, now), settings);
    } else {
      await this.schedule.cancel(SCHEDULE_KINDS.dayStart);
    }
  }
}
