import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../shared/day";
import { hubOf, sessionRow, startSession, timer, timerState } from "./focus-helpers";
import { clockAtDay, makeRoutine, occurrencesOf, personIn, tasksOf } from "./routine-helpers";

/*
 * A focus timer on a routine's occurrence when the next day begins
 * (docs/decisions/296-a-missed-occurrence-lets-go-of-the-timer.md): the day start takes yesterday's
 * open occurrence off the list (missed), and the timer about it lets go as it does for a deleted
 * task: its session is kept with the minutes focused, nothing answers 500.
 */

afterEach(() => {
  vi.useRealTimers();
});

const DAY = "2026-03-10";

async function focusedOnOccurrence() {
  const person = await personIn(
    clockAtDay({ timeZone: "Europe/Berlin", dayStartHour: 4 }, DAY, 600).toISOString(),
    "Europe/Berlin",
  );
  const routine = await makeRoutine(person.token, "Take the medicine with a glass of water", { every: "day" });
  const [occurrence] = (await occurrencesOf(person.token)).get(routine.id) ?? [];
  if (!occurrence) throw new Error("no occurrence made");
  const started = await startSession(person.token, occurrence.id, 1500);
  // The next day begins while the timer runs: the first read of the day runs the day start.
  clockAtDay(person, addDays(DAY, 1), 10);
  const tasks = await tasksOf(person.token);
  expect(tasks.some((task) => task.id === occurrence.id)).toBe(false);
  // The read tells the hub after answering (waitUntil): wait for the timer to follow.
  await expect.poll(async () => (await timerState(person.token)).status).toBe("idle");
  return { person, occurrence, started };
}

describe("a focus timer on an occurrence the day start closes", () => {
  it("is let go at the day start, its session kept with the minutes focused", async () => {
    const { person, started } = await focusedOnOccurrence();
    expect(await timerState(person.token)).toMatchObject({ status: "idle", taskId: null, sessionId: null });
    const row = await sessionRow(started.id);
    expect(row).toMatchObject({ task_id: null, is_completed: 1 });
    // Ended at the day start, after the run's 25 minutes had passed: all of them count, once.
    expect(row?.focused_seconds).toBe(1500);
  });

  it("answers the timer's actions after it without a 500", async () => {
    const { person, started } = await focusedOnOccurrence();
    for (const action of ["end", "reset", "pause", "resume", "acknowledge"]) {
      expect((await timer(person.token, action)).status).toBeLessThan(500);
    }
    expect((await sessionRow(started.id))?.is_completed).toBe(1);
  });

  it("leaves no alarm that writes the session again when it rings", async () => {
    const { person, started } = await focusedOnOccurrence();
    const before = await sessionRow(started.id);
    await runDurableObjectAlarm(hubOf(person.id));
    expect(await sessionRow(started.id)).toEqual(before);
    expect(await timerState(person.token)).toMatchObject({ status: "idle" });
  });
});
