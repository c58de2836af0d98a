import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import type { Task } from "../../shared/schemas/tasks";
import { getDay, getTasks, postPlan, setAccount, setClock } from "./day-helpers";
import { api, createTask } from "./helpers";
import { type Continent, registerFrom } from "./homes";

/*
 * "Move … to Later" on the morning plan is written (docs/decisions/332-move-to-later-is-written.md):
 * the task's star goes, so yesterday's three offered leave it out on every device and after a
 * reload; its Undo puts the star back on its day. In both homes (docs/decisions/270-person-databases.md);
 * the clock is injected.
 */

afterEach(() => {
  vi.useRealTimers();
});

async function personFrom(continent: Continent) {
  const registered = await registerFrom(continent);
  await setAccount(registered.token, { timeZone: "UTC", dayStartHour: 4 });
  return registered.token;
}

function patch(token: string, id: number, json: Record<string, unknown>, changeId?: string) {
  return api(`/api/tasks/${id}`, {
    method: "PATCH",
    token,
    json,
    headers: changeId ? { [CHANGE_ID_HEADER]: changeId } : {},
  });
}

/** Three tasks planned on June 1st, then the morning of June 2nd. */
async function yesterdaysThree(token: string) {
  const three: Task[] = [];
  for (const title of [
    "Draft the quarterly report for the finance team",
    "Prepare the slides for Thursday's research readout",
    "Call the landlord about the broken kitchen radiator",
  ]) {
    three.push(await createTask(token, { title }));
  }
  const planned = await postPlan(
    token,
    three.map((task) => task.id),
  );
  expect(planned.status, await planned.clone().text()).toBe(200);
  setClock("2027-06-02T09:00:00Z");
  expect((await getDay(token)).previousPriorityTaskIds).toEqual(three.map((task) => task.id));
  return three.map((task) => task.id) as [number, number, number];
}

for (const continent of ["EU", "OC"] as const) {
  describe(`Move to Later on the plan, homed by ${continent}`, () => {
    it("leaves the task out of yesterday's three for good; Undo puts its star back on its day", async () => {
      setClock("2027-06-01T09:00:00Z");
      const token = await personFrom(continent);
      const [report, slides, landlord] = await yesterdaysThree(token);
      // Twenty devices (or replays) at once: one end state.
      const moves = await Promise.all(Array.from({ length: 20 }, () => patch(token, slides, { isPriority: false })));
      for (const res of moves) expect(res.status).toBe(200);
      let day = await getDay(token);
      expect(day.previousPriorityTaskIds).toEqual([report, landlord]);
      expect((await getTasks(token)).find((task) => task.id === slides)).toMatchObject({
        isPriority: false,
        priorityDate: null,
      });
      // Undo: the star on its day, June 1st, so it is offered again and is not today's yet.
      const undo = await patch(token, slides, { isPriority: true, priorityDate: "2027-06-01" });
      expect(undo.status, await undo.clone().text()).toBe(200);
      expect(await undo.json()).toMatchObject({ isPriority: true, priorityDate: "2027-06-01" });
      day = await getDay(token);
      expect(day.previousPriorityTaskIds).toEqual([report, slides, landlord]);
      // A day after today is today.
      const later = await patch(token, landlord, { isPriority: true, priorityDate: "2027-06-09" });
      expect(await later.json()).toMatchObject({ priorityDate: "2027-06-02" });
    });

    it("refuses a star's day without the star, and a bad date, with a 400 that changes nothing", async () => {
      setClock("2027-06-01T09:00:00Z");
      const token = await personFrom(continent);
      const [report] = await yesterdaysThree(token);
      const before = await getTasks(token);
      for (const json of [
        { priorityDate: "2027-06-01" },
        { isPriority: false, priorityDate: "2027-06-01" },
        { isPriority: true, priorityDate: "2027-02-30" },
        { isPriority: true, priorityDate: "yesterday" },
      ]) {
        const res = await patch(token, report, json);
        expect(res.status, JSON.stringify(json)).toBe(400);
      }
      expect(await getTasks(token)).toEqual(before);
    });
  });
}

describe("Move to Later after an evening close", () => {
  it("leaves out a task the close kept for tomorrow once its star is gone", async () => {
    setClock("2027-06-01T09:00:00Z");
    const token = await personFrom("EU");
    const tasks: Task[] = [];
    for (const title of ["Review the pull requests on billing", "Order the replacement kitchen filter"]) {
      tasks.push(await createTask(token, { title }));
    }
    const [a, b] = tasks.map((task) => task.id) as [number, number];
    setClock("2027-06-01T19:00:00Z");
    const closed = await api("/api/day/close", {
      method: "POST",
      token,
      json: {
        moves: [
          { id: a, to: "tomorrow" },
          { id: b, to: "tomorrow" },
        ],
      },
    });
    expect(closed.status, await closed.clone().text()).toBe(200);
    setClock("2027-06-02T09:00:00Z");
    expect((await getDay(token)).previousPriorityTaskIds).toEqual([a, b]);
    expect((await patch(token, a, { isPriority: false })).status).toBe(200);
    expect((await getDay(token)).previousPriorityTaskIds).toEqual([b]);
  });
});
