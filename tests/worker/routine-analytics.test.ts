import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import { hubOf } from "./focus-helpers";
import { api } from "./helpers";
import { clockAtDay, finish, makeRoutine, occurrencesOf, personIn } from "./routine-helpers";

/*
 * A routine's occurrence is a task created on its day (docs/decisions/302-occurrences-count-as-created.md):
 * Analytics counts it in "created" whether the day's start made it (a read or the hub's alarm), a
 * routine made today did, or an import; so a day of routines done reads "2 / 2 created", never
 * "2 / 0". A day whose start makes none has no record. The clock and the zone are injected.
 */

afterEach(() => {
  vi.useRealTimers();
});

type Record = { date: string; totalTasksCreated: number; tasksCompleted: number };

async function recordOf(userId: string, date: string): Promise<Record | null> {
  return env.DB.prepare(
    "select date, total_tasks_created as totalTasksCreated, tasks_completed as tasksCompleted from daily_analytics where user_id = ? and date = ?",
  )
    .bind(userId, date)
    .first<Record>();
}

describe("occurrences count as tasks created on their day", () => {
  it("made by the day's start, by a read or by the hub's alarm, once; a day with none has no record", async () => {
    // UTC+14, the day starting at 06:00.
    const person = await personIn("2027-03-01T00:00:00Z", "Pacific/Kiritimati", 6);
    await makeRoutine(person.token, "Take the medicine", { every: "day" });
    await makeRoutine(person.token, "Water the plants", { every: "week", days: ["tue"] });
    await makeRoutine(person.token, "Pay the rent", { every: "month", day: 31 });
    // Monday the 1st: the routine made today counts at once, the Tuesday one does not.
    expect((await recordOf(person.id, "2027-03-01"))?.totalTasksCreated).toBe(1);

    // Tuesday, begun by a read on two devices at once: two occurrences, counted once.
    clockAtDay(person, "2027-03-02");
    await Promise.all([api("/api/tasks", { token: person.token }), api("/api/day", { token: person.token })]);
    await api("/api/tasks", { token: person.token });
    expect(await recordOf(person.id, "2027-03-02")).toEqual({
      date: "2027-03-02",
      totalTasksCreated: 2,
      tasksCompleted: 0,
    });
    for (const [task] of (await occurrencesOf(person.token)).values()) if (task) await finish(person.token, task.id);
    expect(await recordOf(person.id, "2027-03-02")).toMatchObject({ totalTasksCreated: 2, tasksCompleted: 2 });
    const today = (await (await api("/api/analytics/today", { token: person.token })).json()) as Record;
    expect(today).toMatchObject({ totalTasksCreated: 2, tasksCompleted: 2 });

    // Wednesday, begun by the hub with the app closed: one.
    clockAtDay(person, "2027-03-03", 1);
    expect(await runDurableObjectAlarm(hubOf(person.id))).toBe(true);
    await api("/api/tasks", { token: person.token });
    expect((await recordOf(person.id, "2027-03-03"))?.totalTasksCreated).toBe(1);
  });

  it("a day whose start makes no occurrence has no record; an import's occurrences count", async () => {
    const person = await personIn("2027-03-01T12:00:00Z", "Etc/GMT+12", 4);
    await makeRoutine(person.token, "Water the plants", { every: "week", days: ["fri"] });
    expect(await recordOf(person.id, "2027-03-01")).toBeNull();
    clockAtDay(person, "2027-03-02");
    await api("/api/tasks", { token: person.token });
    expect(await recordOf(person.id, "2027-03-02")).toBeNull();

    const res = await api("/api/routines/import", {
      method: "POST",
      token: person.token,
      headers: { [CHANGE_ID_HEADER]: crypto.randomUUID() },
      json: {
        routines: [
          { title: "Stretch", repeat: { every: "day" } },
          { title: "Review the inbox", repeat: { every: "weekday" } },
          { title: "Read", repeat: { every: "day" }, paused: true },
          { title: "Pay the rent", repeat: { every: "month", day: 1 } },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(await recordOf(person.id, "2027-03-02")).toMatchObject({ totalTasksCreated: 2, tasksCompleted: 0 });
  });
});
