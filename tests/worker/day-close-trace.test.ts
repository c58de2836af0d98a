import { afterEach, describe, expect, it, vi } from "vitest";
import { getHistoryPage, setAccount, setClock } from "./day-helpers";
import { api, createTask } from "./helpers";
import { registerFrom } from "./homes";

/*
 * A day's close leaves a trace in Done (docs/decisions/349-a-day-s-close-leaves-a-trace.md): a
 * closed day's line shows though nothing was finished that day, and each day says whether it was
 * closed. In both homes of a person's rows. Time is injected (setClock), never slept.
 */

afterEach(() => {
  vi.useRealTimers();
});

async function closeDay(token: string, json: unknown) {
  const res = await api("/api/day/close", { method: "POST", token, json });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("GET /api/history days and the evening close", () => {
  for (const continent of ["EU", "OC"] as const) {
    it(`shows a closed day's line with nothing finished, and says which busy days were closed (homed in ${continent === "EU" ? "DB" : "PERSON_DB_1"})`, async () => {
      setClock("2027-05-11T08:00:00Z");
      const person = await registerFrom(continent);
      await setAccount(person.token, { timeZone: "UTC", dayStartHour: 4 });
      // Day one: a task finished, not closed.
      const task = await createTask(person.token, { title: "Send the invoice for the October workshop" });
      const done = await api(`/api/tasks/${task.id}`, {
        method: "PATCH",
        token: person.token,
        json: { isCompleted: true },
      });
      expect(done.status).toBe(200);
      // Day two: nothing finished, closed with a line.
      setClock("2027-05-12T19:30:00Z");
      await closeDay(person.token, { note: "A quiet day; tomorrow the report." });
      // Day three: closed with no line and nothing done, which leaves nothing to show.
      setClock("2027-05-13T19:30:00Z");
      await closeDay(person.token, {});

      setClock("2027-05-14T07:00:00Z");
      const history = await getHistoryPage(person.token);
      expect(history.days).toEqual([
        {
          date: "2027-05-12",
          tasksCompleted: 0,
          focusSessionsCompleted: 0,
          focusMinutes: 0,
          note: "A quiet day; tomorrow the report.",
          closed: true,
        },
        {
          date: "2027-05-11",
          tasksCompleted: 1,
          focusSessionsCompleted: 0,
          focusMinutes: 0,
          note: null,
          closed: false,
        },
      ]);
    });
  }
});
