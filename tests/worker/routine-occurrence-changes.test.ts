import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dayOf } from "../../shared/day";
import type { Day } from "../../shared/schemas/day";
import type { Routine } from "../../shared/schemas/routines";
import type { UndoTicket } from "../../shared/schemas/undo";
import { createDb } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import { setClock } from "./day-helpers";
import { scheduledAt } from "./focus-helpers";
import { api, createTask, signInAgain } from "./helpers";
import { type Continent, registerFrom } from "./homes";
import { makeRoutine, routinesOf } from "./routine-helpers";

/*
 * What other changes may do to a routine's occurrence (docs/product.md#routines), in both person
 * databases: an Undo that would make a second occurrence of its day is refused
 * (docs/decisions/310-undo-refuses-a-second-occurrence.md), pauses and resumes racing leave the
 * routine paused without one or active with today's (docs/decisions/311-a-pause-decided-on-what-it-read.md),
 * and the evening close moves no occurrence to another day
 * (docs/decisions/312-the-close-moves-no-occurrence.md). The clock is injected, never slept.
 */

afterEach(() => {
  vi.useRealTimers();
});

const TODAY = "2027-06-09";
const NOON = `${TODAY}T12:00:00Z`;

/** A person homed by `continent` ("EU": DB, "OC": PERSON_DB_1), their day counted in UTC from 04:00, today begun. */
async function personFrom(continent: Continent) {
  setClock(NOON);
  const { token, user, home } = await registerFrom(continent);
  await createDb(home)
    .update(users)
    .set({ timeZone: "UTC", dayStartHour: 4, dayBegun: dayOf(new Date(NOON), "UTC", 4) })
    .where(eq(users.id, user.id));
  return { token, other: await signInAgain(user.username), id: user.id, home };
}

type Person = Awaited<ReturnType<typeof personFrom>>;

/** Every occurrence task of the person in their home, whatever its state. */
async function occurrenceTasks(person: Person) {
  const { results } = await person.home
    .prepare(
      "select id, title, routine_id as routineId, routine_day as routineDay, is_completed as done from tasks where user_id = ? and routine_id is not null order by id",
    )
    .bind(person.id)
    .all<{ id: number; title: string; routineId: number; routineDay: string; done: number }>();
  return results;
}

/** Today's state of each routine's day in the person's home. */
async function dayStates(person: Person) {
  const { results } = await person.home
    .prepare("select routine_id as routineId, state from routine_days where user_id = ? and day = ?")
    .bind(person.id, TODAY)
    .all<{ routineId: number; state: string }>();
  return new Map(results.map((row) => [row.routineId, row.state]));
}

function patchRoutine(token: string, id: number, json: Record<string, unknown>) {
  return api(`/api/routines/${id}`, { method: "PATCH", token, json });
}

async function patchRoutineOk(token: string, id: number, json: Record<string, unknown>): Promise<Routine> {
  const res = await patchRoutine(token, id, json);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Routine;
}

/** The person's tasks in their home, each column as stored. */
async function tasksIn(person: Person) {
  const { results } = await person.home
    .prepare("select * from tasks where user_id = ? order by id")
    .bind(person.id)
    .all();
  return results;
}

/** How many evening closes the person has in their home. */
async function closesIn(person: Person) {
  const row = await person.home
    .prepare("select count(*) as n from day_closes where user_id = ?")
    .bind(person.id)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const close = (token: string, json: unknown) => api("/api/day/close", { method: "POST", token, json });

const undo = (token: string, undoToken: string) =>
  api("/api/undo", { method: "POST", token, json: { token: undoToken } });

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

/** A daily routine made today, with today's open occurrence. */
async function dailyRoutine(person: Person) {
  const routine = await makeRoutine(person.token, "Stretch", { every: "day" });
  expect(routine.todayTaskId).toEqual(expect.any(Number));
  return { routine, taskId: routine.todayTaskId as number };
}

/** The routine's occurrence deleted from the list (as the task list deletes it), its Undo's token. */
async function deleteOccurrence(person: Person, taskId: number): Promise<string> {
  const res = await api(`/api/tasks/${taskId}`, { method: "DELETE", token: person.token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as UndoTicket).undoToken;
}

/** The routine's occurrence deleted by the evening close's "Delete", its Undo's token. */
async function closeDeletingOccurrence(person: Person, taskId: number): Promise<string> {
  setClock(`${TODAY}T19:00:00Z`);
  const res = await close(person.token, { moves: [{ id: taskId, to: "delete" }] });
  expect(res.status, await res.clone().text()).toBe(200);
  const closed = (await res.json()) as Day & { undoToken?: string };
  expect(closed.undoToken).toEqual(expect.any(String));
  return closed.undoToken as string;
}

/** Pause then resume: today's occurrence is made again (under the routine's title of now). */
async function pauseAndResume(person: Person, routineId: number) {
  await patchRoutineOk(person.token, routineId, { paused: true });
  const resumed = await patchRoutineOk(person.token, routineId, { paused: false });
  expect(resumed.today).toBe("open");
  return resumed.todayTaskId as number;
}

for (const continent of ["EU", "OC"] as const) {
  const where = continent === "EU" ? "homed in DB" : "homed in PERSON_DB_1";

  describe(`Undo of a deleted occurrence, ${where}`, () => {
    for (const [how, remove] of [
      ["deleted from the list", deleteOccurrence],
      ["deleted by the evening close", closeDeletingOccurrence],
    ] as const) {
      it(`${how}: once the routine has made today's again (renamed, paused and resumed), answers 409 and changes nothing`, async () => {
        const person = await personFrom(continent);
        const { routine, taskId } = await dailyRoutine(person);
        const undoToken = await remove(person, taskId);
        // Renamed, so the title rule of Undo (decision 128) does not see the new one as the same task.
        await patchRoutineOk(person.token, routine.id, { title: "Stretch for ten minutes" });
        const again = await pauseAndResume(person, routine.id);
        const before = await occurrenceTasks(person);

        const res = await undo(person.token, undoToken);
        expect(res.status, await res.clone().text()).toBe(409);
        expect(await messageOf(res)).toBe(
          `"Stretch" is today's task of a routine that has made it again since, so Undo would make it twice. Nothing was changed.`,
        );
        expect(await occurrenceTasks(person)).toEqual(before);
        expect(before.map((task) => task.id)).toEqual([again]);
      });
    }

    it("the new one renamed on the list: the same 409", async () => {
      const person = await personFrom(continent);
      const { routine, taskId } = await dailyRoutine(person);
      const undoToken = await deleteOccurrence(person, taskId);
      const again = await pauseAndResume(person, routine.id);
      const renamed = await api(`/api/tasks/${again}`, {
        method: "PATCH",
        token: person.token,
        json: { title: "Stretch, the long one" },
      });
      expect(renamed.status, await renamed.clone().text()).toBe(200);
      const res = await undo(person.token, undoToken);
      expect(res.status, await res.clone().text()).toBe(409);
      expect((await occurrenceTasks(person)).map((task) => [task.id, task.title])).toEqual([
        [again, "Stretch, the long one"],
      ]);
    });

    it("20 Undos on two devices racing the resume that makes today's again: no 500, one occurrence", async () => {
      const person = await personFrom(continent);
      const { routine, taskId } = await dailyRoutine(person);
      const undoToken = await deleteOccurrence(person, taskId);
      await patchRoutineOk(person.token, routine.id, { title: "Stretch for ten minutes" });
      await patchRoutineOk(person.token, routine.id, { paused: true });
      const answers = await Promise.all([
        patchRoutine(person.other, routine.id, { paused: false }),
        ...Array.from({ length: 20 }, (_, i) => undo(i % 2 ? person.other : person.token, undoToken)),
      ]);
      const [resume, ...undos] = answers as [Response, ...Response[]];
      expect(resume.status, await resume.clone().text()).toBe(200);
      const statuses = undos.map((res) => res.status);
      for (const status of statuses) expect([200, 404, 409]).toContain(status);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      const today = (await occurrenceTasks(person)).filter((task) => task.routineDay === TODAY);
      expect(today).toHaveLength(1);
      // Undone first, the old one is back and the resume kept it; otherwise the resume's is the one.
      expect(today[0]?.id).toBe(statuses.includes(200) ? taskId : (await routinesOf(person.token))[0]?.todayTaskId);
    });
  });

  describe(`Pause and resume at once, ${where}`, () => {
    it("20 of them on two devices, round after round: left paused with no occurrence, or active with today's", async () => {
      const person = await personFrom(continent);
      const { routine } = await dailyRoutine(person);
      // Two rounds: without the guard the first already ends wrong in both homes; each round is 20
      // PATCHes that retry on one another, the heaviest test of the suite on a busy machine.
      for (let round = 0; round < 2; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            patchRoutine(i % 2 ? person.other : person.token, routine.id, { paused: (i + round) % 2 === 0 }),
          ),
        );
        for (const res of answers) expect(res.status, await res.clone().text()).toBe(200);
        const [now] = await routinesOf(person.token);
        const open = (await occurrenceTasks(person)).filter((task) => task.routineDay === TODAY && !task.done);
        const state = (await dayStates(person)).get(routine.id);
        expect([now?.paused, now?.today, state, open.length], `round ${round}`).toEqual(
          now?.paused ? [true, "paused", "paused", 0] : [false, "open", "open", 1],
        );
        if (!now?.paused) expect(now?.todayTaskId).toBe(open[0]?.id);
        // The hub wakes at tomorrow's start while the routine is active, and only then.
        expect(await scheduledAt(person.id, ["day-start"]), `round ${round}`).toBe(
          now?.paused ? null : Date.parse("2027-06-10T04:00:00Z"),
        );
      }
    }, 120_000);
  });

  describe(`The evening close, ${where}`, () => {
    it("refuses Tomorrow, Later, No and tomorrow's first task for an occurrence with a 409, changing nothing; Done still finishes it", async () => {
      const person = await personFrom(continent);
      const { taskId } = await dailyRoutine(person);
      const task = await createTask(person.token, { title: "Send the invoice for the October workshop" });
      setClock(`${TODAY}T19:00:00Z`);
      const before = await tasksIn(person);
      const moved = `"Stretch" is one of today's routines, which do not move: a routine not done today is missed. Nothing was changed.`;
      const refused: [unknown, string][] = [
        ...(["tomorrow", "later", "no"] as const).map(
          (to) =>
            [
              {
                moves: [
                  { id: task.id, to: "later" },
                  { id: taskId, to },
                ],
              },
              moved,
            ] as [unknown, string],
        ),
        [
          { moves: [{ id: task.id, to: "tomorrow" }], tomorrowFirst: taskId },
          `"Stretch" cannot be tomorrow's first task: it is one of today's routines, and a routine not done today is missed. Nothing was changed.`,
        ],
      ];
      for (const [json, message] of refused) {
        const res = await close(person.token, json);
        expect(res.status, JSON.stringify(json)).toBe(409);
        expect(await messageOf(res)).toBe(message);
      }
      // The same, 20 at once from two devices.
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const [json] = refused[i % refused.length] as [unknown, string];
          return close(i % 2 ? person.other : person.token, json);
        }),
      );
      expect(burst.map((res) => res.status)).toEqual(burst.map(() => 409));
      expect(await tasksIn(person)).toEqual(before);
      expect(await closesIn(person)).toBe(0);

      // Done finishes it on its day, as the close's one-tap done does.
      const done = await close(person.token, { moves: [{ id: taskId, to: "done" }], tomorrowFirst: task.id });
      expect(done.status, await done.clone().text()).toBe(200);
      expect((await occurrenceTasks(person)).map((row) => [row.id, row.done])).toEqual([[taskId, 1]]);
      // The next morning: tomorrow's first task is the one chosen, still there.
      setClock("2027-06-10T07:00:00Z");
      const morning = (await (await api("/api/day", { token: person.token })).json()) as Day;
      expect(morning.yesterday?.firstTaskId).toBe(task.id);
    });
  });
}
