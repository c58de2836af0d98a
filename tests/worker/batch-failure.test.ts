import { afterEach, describe, expect, it } from "vitest";
import { dbFingerprint, failWhen, sqlText } from "./db-fingerprint";
import { api, registerUser, type TestUser } from "./helpers";

/**
 * A D1 failure inside a batch (a trigger aborts one statement after others already ran) must leave
 * no partial change: the answer is the JSON error shape with a 5xx, and every table is unchanged.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of cleanups.splice(0)) await drop();
});
async function inject(table: string, event: "insert" | "update" | "delete", when: string) {
  cleanups.push(await failWhen(table, event, when));
}

type Task = { id: number; title: string };

/** A user with five tasks (from a braindump, so the day's analytics row exists too). */
async function userWithTasks(): Promise<TestUser & { tasks: Task[] }> {
  const account = await registerUser();
  const res = await api("/api/process-tasks", {
    method: "POST",
    token: account.token,
    json: { text: "Write the report; Call the bank; Book the dentist; Water the plants; Tidy the desk" },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...account, tasks: (await res.json()) as Task[] };
}

/** The request fails with the one error shape, and the database is exactly as before. */
async function expectFailsWithoutChange(send: () => Promise<Response>) {
  const before = await dbFingerprint();
  const res = await send();
  expect(res.status).toBe(500);
  expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
  const body = (await res.json()) as { message: string };
  expect(body).toEqual({ message: expect.any(String) });
  // Nothing internal leaks: not the trigger's message, not SQL.
  expect(body.message).not.toMatch(/injected|trigger|sql|insert|update|delete/i);
  expect(await dbFingerprint()).toEqual(before);
}

const answers = (n: number) => ({
  urgent: n > 2,
  important: n > 1,
  effort: n > 3 ? "Small" : "Large",
});

describe("a D1 failure inside a batch changes nothing", () => {
  it("braindump (POST /api/process-tasks): the analytics write fails after the tasks were inserted", async () => {
    const { token, user } = await userWithTasks();
    const uid = sqlText(user.id);
    await inject("daily_analytics", "update", `new.user_id = ${uid}`);
    await inject("daily_analytics", "insert", `new.user_id = ${uid}`);
    await expectFailsWithoutChange(() =>
      api("/api/process-tasks", {
        method: "POST",
        token,
        json: { text: "One new thing; Another new thing", allowDuplicates: true },
      }),
    );
  });

  it('committing the "No" list: the analytics write fails after the tasks moved', async () => {
    const { token, user, tasks } = await userWithTasks();
    await inject("daily_analytics", "update", `new.user_id = ${sqlText(user.id)}`);
    const [a, b] = tasks;
    await expectFailsWithoutChange(() =>
      api("/api/no-list/commit", {
        method: "POST",
        token,
        json: { items: [{ id: a?.id, reason: "Not today" }, { id: b?.id }] },
      }),
    );
  });

  it('clearing from the "No" list: the analytics write fails after the tasks were renamed', async () => {
    const { token, user, tasks } = await userWithTasks();
    await inject("daily_analytics", "update", `new.user_id = ${sqlText(user.id)}`);
    await expectFailsWithoutChange(() =>
      api("/api/no-list/clear", { method: "POST", token, json: { ids: tasks.slice(0, 3).map((t) => t.id) } }),
    );
  });

  it("saving priorities: the update of a lower-ranked task fails after the top three were saved", async () => {
    const { token, user, tasks } = await userWithTasks();
    // The lowest-scored task is updated in the statement after the top three.
    const last = tasks[0];
    if (!last) throw new Error("no tasks");
    await inject("tasks", "update", `old.user_id = ${sqlText(user.id)} and old.id = ${last.id}`);
    await expectFailsWithoutChange(() =>
      api("/api/tasks/priorities", {
        method: "POST",
        token,
        json: { tasks: tasks.map((task, i) => ({ id: task.id, answers: answers(i) })) },
      }),
    );
  });

  it("Start Fresh: clearing the analytics fails after the tasks were deleted", async () => {
    const { token, user } = await userWithTasks();
    await inject("daily_analytics", "delete", `old.user_id = ${sqlText(user.id)}`);
    await expectFailsWithoutChange(() => api("/api/start-fresh", { method: "POST", token }));
  });

  it("Clear Tasks: clearing the analytics fails after the tasks were deleted", async () => {
    const { token, user } = await userWithTasks();
    await inject("daily_analytics", "delete", `old.user_id = ${sqlText(user.id)}`);
    await expectFailsWithoutChange(() => api("/api/tasks/clear", { method: "POST", token }));
  });

  it("each of them works once the failure is gone (the injection is what failed them)", async () => {
    const { token, tasks } = await userWithTasks();
    const before = await dbFingerprint();
    const res = await api("/api/no-list/commit", { method: "POST", token, json: { items: [{ id: tasks[0]?.id }] } });
    expect(res.status).toBe(200);
    expect(await dbFingerprint()).not.toEqual(before);
    expect((await api("/api/start-fresh", { method: "POST", token })).status).toBe(204);
  });
});
