import { describe, expect, it } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { getTasks } from "./day-helpers";
import { api, createTask } from "./helpers";
import { registerFrom } from "./homes";

// One count for every length, on every route (docs/decisions/322-a-length-is-counted-in-code-points.md):
// code points, so an emoji is one character and a braindump line is measured without its estimate.

const EMOJI = "😀"; // one code point, two UTF-16 units
const ACCENTED = "e\u0301"; // a letter and a combining mark: two code points

function braindump(token: string, text: string) {
  return api("/api/process-tasks", { method: "POST", token, json: { text } });
}

describe.each(["EU", "OC"] as const)("lengths, for a person homed from %s", (continent) => {
  it("a braindump line is measured once its estimate is off: 500 characters and ~45m make the task", async () => {
    const token = (await registerFrom(continent)).token;
    const res = await braindump(token, `${"a".repeat(500)} ~45m`);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as Task[]).map((task) => [task.title.length, task.estimateMinutes])).toEqual([
      [500, 45],
    ]);
  });

  it("a braindump counts emoji and combining marks as the title schema does, at the limit and one over", async () => {
    const token = (await registerFrom(continent)).token;
    const fits = [EMOJI.repeat(500), `🎉${EMOJI.repeat(499)} ~1h30`, ACCENTED.repeat(250)];
    const res = await braindump(token, fits.join("\n"));
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as Task[]).map((task) => [task.title, task.estimateMinutes])).toEqual([
      [fits[0], null],
      [`🎉${EMOJI.repeat(499)}`, 90],
      [fits[2], null],
    ]);
    for (const over of [EMOJI.repeat(501), `${ACCENTED.repeat(250)}a`, `${"a".repeat(500)} ~9h`]) {
      const refused = await braindump(token, `Buy milk\n${over}`);
      expect(refused.status, over.slice(0, 10)).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Task 2 is too long: a task title can be at most 500 characters.",
      );
    }
    expect((await getTasks(token)).length).toBe(3);
  });

  it("POST /api/tasks and PATCH count alike: 500 emoji fit, 501 are a 400 that changes nothing", async () => {
    const token = (await registerFrom(continent)).token;
    const made = await createTask(token, { title: EMOJI.repeat(500) });
    expect(made.title).toBe(EMOJI.repeat(500));
    const over = await api("/api/tasks", { method: "POST", token, json: { title: EMOJI.repeat(501) } });
    expect(over.status).toBe(400);
    for (const [json, ok] of [
      [{ title: ACCENTED.repeat(250) }, true],
      [{ title: `${ACCENTED.repeat(250)}a` }, false],
      [{ description: EMOJI.repeat(2000) }, true],
      [{ description: EMOJI.repeat(2001) }, false],
      [{ noListReason: EMOJI.repeat(500) }, true],
      [{ noListReason: EMOJI.repeat(501) }, false],
    ] as const) {
      const res = await api(`/api/tasks/${made.id}`, { method: "PATCH", token, json });
      expect(res.status, JSON.stringify(Object.keys(json))).toBe(ok ? 200 : 400);
    }
    const [task] = await getTasks(token);
    expect([task?.title, task?.description, task?.noListReason]).toEqual([
      ACCENTED.repeat(250),
      EMOJI.repeat(2000),
      EMOJI.repeat(500),
    ]);
  });
});
