import { describe, expect, it } from "vitest";
import { REMOVED_MARKER_REFUSED } from "../../shared/constants";
import type { Task } from "../../shared/schemas/tasks";
import { api, registerUser } from "./helpers";

const messageOf = async (res: Response | undefined) =>
  ((await res?.json()) as { message?: string } | undefined)?.message;
const tasksOf = async (token: string) => (await (await api("/api/tasks", { token })).json()) as Task[];
const createdCount = async (token: string) =>
  ((await (await api("/api/analytics/today", { token })).json()) as { totalTasksCreated: number }).totalTasksCreated;

// docs/decisions/174-removed-marker-in-new-titles.md: refused with a clear 400, never accepted and hidden.
describe('a new title with "[REMOVED]"', () => {
  it("POST /api/tasks answers 400 saying why, for each of a burst, and creates and counts nothing", async () => {
    const { token } = await registerUser();
    const answers = await Promise.all(
      ["Email Bob about the [REMOVED] section", "[REMOVED] Task 3", "Draft [REMOVED]"].map((title) =>
        api("/api/tasks", { method: "POST", token, json: { title } }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400]);
    expect(await messageOf(answers[0])).toContain(REMOVED_MARKER_REFUSED);
    expect(await tasksOf(token)).toEqual([]);
    expect(await createdCount(token)).toBe(0);
  });

  it("the braindump refuses a text with such a line, naming it, and creates nothing", async () => {
    const { token } = await registerUser();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        api("/api/process-tasks", {
          method: "POST",
          token,
          json: { text: "Call the bank; Email Bob about the [REMOVED] section; Water the plants" },
        }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400]);
    expect(await messageOf(answers[0])).toBe(`Task 2: ${REMOVED_MARKER_REFUSED}`);
    expect(await tasksOf(token)).toEqual([]);
  });

  it("lower case is no marker: such a title is created and stays visible", async () => {
    const { token } = await registerUser();
    const res = await api("/api/tasks", {
      method: "POST",
      token,
      json: { title: "Email Bob about the [removed] section" },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Task;
    expect((await api(`/api/tasks/${created.id}`, { method: "PATCH", token, json: { isPriority: true } })).status).toBe(
      200,
    );
  });
});
