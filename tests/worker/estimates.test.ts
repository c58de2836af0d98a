import { afterEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { getTasks, postPlan, setClock } from "./day-helpers";
import { api, createTask, registerUser } from "./helpers";
import { registerFrom } from "./homes";

/* A task's estimate (docs/decisions/290-estimates-written-at-the-end-of-a-line.md). */

describe("estimateMinutes", () => {
  it("is null on a new task and set, changed and taken off by PATCH /api/tasks/:id", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Write the report for the board meeting" });
    expect(task.estimateMinutes).toBeNull();
    for (const estimateMinutes of [45, 5, 480, null]) {
      const res = await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json: { estimateMinutes } });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as Task).estimateMinutes).toBe(estimateMinutes);
      expect((await getTasks(token)).find((t) => t.id === task.id)?.estimateMinutes).toBe(estimateMinutes);
    }
  });

  it("out of range or malformed is a 400 and changes nothing", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Clean the garage before the winter" });
    await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json: { estimateMinutes: 30 } });
    for (const estimateMinutes of [0, 4, 481, 540, 12.5, "45", "~45m", true, -10]) {
      const res = await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json: { estimateMinutes } });
      expect(res.status, JSON.stringify(estimateMinutes)).toBe(400);
    }
    expect((await getTasks(token)).find((t) => t.id === task.id)?.estimateMinutes).toBe(30);
  });

  it("comes from the end of a braindump line, which leaves the title; near misses stay in the title", async () => {
    const { token } = await registerUser();
    const res = await api("/api/process-tasks", {
      method: "POST",
      token,
      json: {
        text: "Write the report ~45m\nClean the garage ~2h; Slides ~1h30\nRead ~45\nMeet at 2h\nNap ~0m\nHike ~9h",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = ((await res.json()) as Task[]).map((task) => [task.title, task.estimateMinutes]);
    expect(made).toEqual([
      ["Write the report", 45],
      ["Clean the garage", 120],
      ["Slides", 90],
      ["Read ~45", null],
      ["Meet at 2h", null],
      ["Nap ~0m", null],
      ["Hike ~9h", null],
    ]);
    // The title without its estimate is what duplicates are found by.
    const again = await api("/api/process-tasks", { method: "POST", token, json: { text: "write the report ~1h" } });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual([]);
  });
});

describe("GET /api/analytics plannedMinutes (docs/decisions/294-a-plan-sized-to-the-person.md)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the sum of the estimates of the day's three as planned, beside the minutes focused", async () => {
    setClock("2027-04-07T09:00:00Z");
    const { token } = await registerUser();
    const a = await createTask(token, { title: "Draft the quarterly report for finance" });
    const b = await createTask(token, { title: "Prepare the slides for the Monday review" });
    const c = await createTask(token, { title: "No estimate on this one at all" });
    await api(`/api/tasks/${a.id}`, { method: "PATCH", token, json: { estimateMinutes: 90 } });
    await api(`/api/tasks/${b.id}`, { method: "PATCH", token, json: { estimateMinutes: 150 } });
    expect((await postPlan(token, [a.id, b.id, c.id])).status).toBe(200);
    const res = await api("/api/analytics?startDate=2027-04-06&endDate=2027-04-07", { token });
    const days = (await res.json()) as { date: string; plannedMinutes: number; totalFocusMinutes: number }[];
    expect(days.map((day) => [day.date, day.plannedMinutes, day.totalFocusMinutes])).toEqual([
      ["2027-04-06", 0, 0],
      ["2027-04-07", 240, 0],
    ]);
  });
});

describe("an estimate that would leave nothing visible (docs/decisions/320-an-estimate-never-leaves-an-invisible-title.md)", () => {
  it.each(["EU", "OC"] as const)("stays in the title, so the line is kept whole (homed from %s)", async (continent) => {
    const token = (await registerFrom(continent)).token;
    const lines = ["\u200b ~45m", "\u2060 ~2h", "\u00ad ~1h30", "\u0301 ~15m"];
    const res = await api("/api/process-tasks", { method: "POST", token, json: { text: lines.join("\n") } });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = ((await res.json()) as Task[]).map((task) => [task.title, task.estimateMinutes]);
    expect(made).toEqual(lines.map((line) => [line, null]));
    // Every title made is one POST /api/tasks takes too.
    for (const [title] of made) {
      const direct = await api("/api/tasks", { method: "POST", token, json: { title: `${title} again` } });
      expect(direct.status, await direct.clone().text()).toBe(201);
    }
    expect((await getTasks(token)).map((task) => task.title)).toEqual(expect.arrayContaining(lines));
  });
});
