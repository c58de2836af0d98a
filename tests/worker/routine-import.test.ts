import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import { routinesOfExportFile } from "../../shared/export-file";
import type { ImportRoutinesInput } from "../../shared/schemas/routines";
import { api, rowsOf } from "./helpers";
import { clockAtDay, makeRoutine, occurrenceRows, occurrencesOf, personIn, routinesOf } from "./routine-helpers";

/*
 * Routines brought from an export (docs/decisions/301-routines-imported-from-an-export.md): the
 * file one account saved comes into another with each routine's title, rule, pause and beat,
 * today's occurrences made at once; a routine already there is left alone, so a file imported
 * twice, a replay, or twenty imports racing make each routine once. The clock is injected.
 */

afterEach(() => {
  vi.useRealTimers();
});

const importRoutines = (token: string, json: unknown, changeId: string = crypto.randomUUID()) =>
  api("/api/routines/import", { method: "POST", token, json, headers: { [CHANGE_ID_HEADER]: changeId } });

/** A person in Auckland who keeps four routines from 2027-06-01, one paused, and their export's routines. */
async function exportedRoutines(): Promise<ImportRoutinesInput> {
  const from = await personIn("2027-05-31T18:00:00Z", "Pacific/Auckland");
  await makeRoutine(from.token, "Stretch for ten minutes", { everyDays: 3 });
  await makeRoutine(from.token, "Water the plants", { every: "week", days: ["thu", "mon"] });
  await makeRoutine(from.token, "Pay the rent", { every: "month", day: 31 });
  const medicine = await makeRoutine(from.token, "Take the medicine", { every: "day" });
  const paused = await api(`/api/routines/${medicine.id}`, {
    method: "PATCH",
    token: from.token,
    json: { paused: true },
  });
  expect(paused.status).toBe(200);
  clockAtDay(from, "2027-06-07");
  const res = await api("/api/account/export", { token: from.token });
  expect(res.status).toBe(200);
  const file = routinesOfExportFile(await res.text());
  if (!file.ok) throw new Error(file.reason);
  return file.input;
}

describe("routines imported from an export", () => {
  it("come into another account with their rules, pause and beat, today's occurrences at once; a second import makes nothing", async () => {
    const input = await exportedRoutines();
    // In another zone, on Monday 2027-06-07 there.
    const into = await personIn("2027-06-07T15:00:00Z", "America/New_York");
    const res = await importRoutines(into.token, input);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ imported: 4, alreadyHere: 0 });

    const routines = await routinesOf(into.token);
    expect(routines.map((r) => [r.title, r.repeat, r.paused, r.startDay])).toEqual([
      ["Stretch for ten minutes", { everyDays: 3 }, false, "2027-06-01"],
      ["Water the plants", { every: "week", days: ["mon", "thu"] }, false, "2027-06-01"],
      ["Pay the rent", { every: "month", day: 31 }, false, "2027-06-01"],
      ["Take the medicine", { every: "day" }, true, "2027-06-01"],
    ]);
    // Every third day from June 1st keeps its beat: the 7th is one; Monday is a plants day; the
    // paused one makes no task; their streaks begin here.
    const occurrences = await occurrencesOf(into.token);
    const [stretch, plants, rent, medicine] = routines;
    expect([...occurrences.keys()].sort()).toEqual([stretch?.id, plants?.id].sort());
    expect(rent?.nextDays[0]).toBe("2027-06-30");
    expect(medicine?.dueToday).toBe(false);
    expect(routines.map((r) => r.streak)).toEqual(Array(4).fill({ current: 0, best: 0 }));

    const again = await importRoutines(into.token, input);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ imported: 0, alreadyHere: 4 });
    expect(await rowsOf("routines", into.id)).toBe(4);
    expect(await occurrenceRows(into.id)).toHaveLength(2);
  });

  it("a routine the person has (any case of its title, the same rule) stays as it is; the same title with another rule comes", async () => {
    const into = await personIn("2027-06-07T10:00:00Z", "UTC");
    const mine = await makeRoutine(into.token, "STRETCH for ten minutes", { everyDays: 3 });
    const res = await importRoutines(into.token, {
      routines: [
        { title: "Stretch for ten minutes", repeat: { everyDays: 3 }, startDay: "2027-01-01" },
        { title: "Stretch for ten minutes", repeat: { every: "day" } },
        { title: "Stretch for ten minutes", repeat: { every: "day" } },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ imported: 1, alreadyHere: 2 });
    const routines = await routinesOf(into.token);
    expect(routines.map((r) => [r.id === mine.id, r.title, r.startDay])).toEqual([
      [true, "STRETCH for ten minutes", "2027-06-07"],
      [false, "Stretch for ten minutes", "2027-06-07"],
    ]);
  });

  it("replayed by its change id it answers again and makes nothing; twenty imports racing make each routine once", async () => {
    const into = await personIn("2027-06-07T10:00:00Z", "UTC");
    const file = {
      routines: [
        { title: "Take the medicine", repeat: { every: "day" } },
        { title: "Review the inbox", repeat: { every: "weekday" } },
        { title: "Go running", repeat: { timesPerWeek: 3 } },
      ],
    };
    const changeId = crypto.randomUUID();
    const first = await importRoutines(into.token, file, changeId);
    expect(first.status).toBe(201);
    const replay = await importRoutines(into.token, file, changeId);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual({ imported: 3, alreadyHere: 0 });
    expect(await rowsOf("routines", into.id)).toBe(3);

    const other = await personIn("2027-06-07T10:00:00Z", "UTC");
    const answers = await Promise.all(Array.from({ length: 20 }, () => importRoutines(other.token, file)));
    const statuses = answers.map((res) => res.status);
    for (const status of statuses) expect([200, 201, 409]).toContain(status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(await rowsOf("routines", other.id)).toBe(3);
    expect(await occurrenceRows(other.id)).toHaveLength(3);
    const refused = answers.find((res) => res.status === 409);
    if (refused)
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Your routines changed while importing: import the file again to bring the rest.",
      );
  }, 60_000);

  it("refuses a bad file with a 400 and more than 100 routines with a 409, changing nothing", async () => {
    const into = await personIn("2027-06-07T10:00:00Z", "UTC");
    const bad: [unknown, string][] = [
      [{ routines: [] }, "The file has no routines to import."],
      [{ routines: [{ title: "Stretch", repeat: { every: "year" } }] }, "Unknown rule"],
      [
        { routines: [{ title: "Stretch", repeat: { every: "week", days: [] } }] },
        "Choose at least one day of the week.",
      ],
      [{ routines: [{ title: "Stretch", repeat: { everyDays: 400 } }] }, "Every N days takes N from 2 to 365."],
      [{ routines: [{ title: "   ", repeat: { every: "day" } }] }, ""],
      [{ routines: [{ title: "Stretch", repeat: { every: "day" }, startDay: "9999-99-99" }] }, ""],
      [{ routines: [{ title: "Stretch", repeat: { every: "day" }, id: 4 }] }, ""],
      [{ routines: "all of them" }, "Routines are a list."],
      [
        { routines: Array.from({ length: 101 }, (_, i) => ({ title: `R${i}`, repeat: { every: "day" } })) },
        "at most 100",
      ],
    ];
    for (const [json, message] of bad) {
      const res = await importRoutines(into.token, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await rowsOf("routines", into.id)).toBe(0);

    const many = Array.from({ length: 98 }, (_, i) => ({ title: `Routine ${i}`, repeat: { every: "month", day: 1 } }));
    expect((await importRoutines(into.token, { routines: many })).status).toBe(201);
    const over = await importRoutines(into.token, {
      routines: [
        { title: "Routine 0", repeat: { every: "month", day: 1 } },
        { title: "One", repeat: { every: "day" } },
        { title: "Two", repeat: { every: "day" } },
        { title: "Three", repeat: { every: "day" } },
      ],
    });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toBe(
      "You can keep at most 100 routines: you have 98, and this file brings 3 more.",
    );
    expect(await rowsOf("routines", into.id)).toBe(98);
    expect(await occurrenceRows(into.id)).toHaveLength(0);
  }, 60_000);

  it("a signed-out token imports nothing", async () => {
    const into = await personIn("2027-06-07T10:00:00Z", "UTC");
    expect((await api("/api/auth/logout", { method: "POST", token: into.token })).status).toBe(204);
    const res = await importRoutines(into.token, { routines: [{ title: "Stretch", repeat: { every: "day" } }] });
    expect(res.status).toBe(401);
    expect(await rowsOf("routines", into.id)).toBe(0);
  });
});
