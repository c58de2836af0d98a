import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../shared/constants";
import type { Task } from "../../shared/schemas/tasks";
import { api, createTask, registerUser } from "./helpers";

const processTasks = (token: string, json: unknown) => api("/api/process-tasks", { method: "POST", token, json });

async function dump(token: string, text: string) {
  const res = await processTasks(token, { text, allowDuplicates: true });
  expect([200, 201], await res.clone().text()).toContain(res.status);
  return (await res.json()) as Task[];
}

async function listTasks(token: string) {
  return (await (await api("/api/tasks", { token })).json()) as Task[];
}

async function countRows(table: "tasks" | "daily_analytics" | "focus_sessions", userId: string) {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`)
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function addAnalyticsRow(userId: string, date: string) {
  await env.DB.prepare("insert into daily_analytics (user_id, date, total_tasks_created) values (?, ?, 3)")
    .bind(userId, date)
    .run();
}

/** A trigger that makes one statement of a batch fail, to prove the others are rolled back. */
async function withFailingTrigger(sqlText: string, run: () => Promise<void>) {
  const name = `fail_${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare(sqlText.replace("$NAME", name)).run();
  try {
    await run();
  } finally {
    await env.DB.prepare(`drop trigger if exists ${name}`).run();
  }
}

describe("POST /api/process-tasks", () => {
  it("splits on semicolons and newlines, trims, drops empties and keeps the order of the text", async () => {
    const { token } = await registerUser();
    const res = await processTasks(token, {
      text: "  Write report ;Call mum\n\n;  ;\r\nBook dentist  ",
      allowDuplicates: true,
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Task[];
    expect(created.map((t) => t.title)).toEqual(["Write report", "Call mum", "Book dentist"]);
    expect(created[0]).toMatchObject({ category: "later", isCompleted: false, isPriority: false, description: null });
    expect(created.map((t) => t.id)).toEqual([...created.map((t) => t.id)].sort((a, b) => a - b));
    expect((await listTasks(token)).map((t) => t.title)).toEqual(["Write report", "Call mum", "Book dentist"]);
  });

  it("drops case-insensitive duplicates within the text, keeping the first", async () => {
    const { token } = await registerUser();
    const created = await dump(token, "Buy milk; buy MILK\nCall Anna;BUY milk;call anna");
    expect(created.map((t) => t.title)).toEqual(["Buy milk", "Call Anna"]);
  });

  it("drops titles the user already has (visible ones, completed or not), case-insensitively", async () => {
    const { token } = await registerUser();
    const [done] = await dump(token, "Pay rent; Walk dog");
    await api(`/api/tasks/${done?.id}`, { method: "PATCH", token, json: { isCompleted: true } });
    await createTask(token, { title: "[REMOVED] Task 1" });
    const created = await dump(token, "pay RENT; walk dog; Water plants; [removed] task 1");
    expect(created.map((t) => t.title)).toEqual(["Water plants", "[removed] task 1"]);
  });

  it("does not count another user's titles as duplicates", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await dump(a.token, "Shared title");
    expect((await dump(b.token, "shared title")).map((t) => t.title)).toEqual(["shared title"]);
    expect((await listTasks(a.token)).map((t) => t.title)).toEqual(["Shared title"]);
  });

  it("answers 200 with [] when nothing is new, and for blank text", async () => {
    const { token, user } = await registerUser();
    await dump(token, "One; Two");
    for (const text of ["one\nTWO", "", "  ;\n ; "]) {
      const res = await processTasks(token, { text, allowDuplicates: true });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
    expect(await countRows("tasks", user.id)).toBe(2);
  });

  it(`creates a ${LIMITS.braindumpLinesMax}-line dump in one statement, past D1's 100 bound parameters`, async () => {
    const { token, user } = await registerUser();
    const lines = Array.from(
      { length: LIMITS.braindumpLinesMax },
      (_, i) => `Task number ${i + 1} "quoted" \\ ünïcode`,
    );
    const created = await dump(token, lines.join("\n"));
    expect(created).toHaveLength(LIMITS.braindumpLinesMax);
    expect(created.map((t) => t.title)).toEqual(lines);
    expect(await countRows("tasks", user.id)).toBe(LIMITS.braindumpLinesMax);
    // Again, with half of them repeated: only the new half is created.
    const more = Array.from({ length: 200 }, (_, i) => `task NUMBER ${i * 10 + 1} "QUOTED" \\ ÜNÏCODE`);
    const again = await dump(token, [...more, "Brand new"].join(";"));
    expect(again.map((t) => t.title)).toEqual(["Brand new"]);
  });

  it("refuses more lines than the limit with a clear 400 and creates nothing", async () => {
    const { token, user } = await registerUser();
    const text = Array.from({ length: LIMITS.braindumpLinesMax + 1 }, (_, i) => `t${i}`).join("\n");
    const res = await processTasks(token, { text, allowDuplicates: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/at most 2000 tasks/);
    expect(await countRows("tasks", user.id)).toBe(0);
  });

  it("refuses a title over the length limit with a clear 400 and creates nothing", async () => {
    const { token, user } = await registerUser();
    const res = await processTasks(token, { text: `ok\n${"x".repeat(LIMITS.titleMax + 1)}`, allowDuplicates: true });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(`Task 2 is too long: a task title can be at most ${LIMITS.titleMax} characters.`);
    expect(await countRows("tasks", user.id)).toBe(0);
    // Exactly at the limit is fine.
    expect(await dump(token, "y".repeat(LIMITS.titleMax))).toHaveLength(1);
  });

  it.each([
    [{}],
    [{ text: 5 }],
    [{ text: null }],
    [{ text: "a", allowDuplicates: "yes" }],
    [{ text: "a", userId: "someone" }],
    [{ text: "x".repeat(LIMITS.braindumpTextMax + 1) }],
  ])("refuses %o with 400", async (json) => {
    const { token, user } = await registerUser();
    const res = await processTasks(token, json);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Invalid request body/);
    expect(await countRows("tasks", user.id)).toBe(0);
  });

  it("refuses a body that is not JSON", async () => {
    const { token } = await registerUser();
    const res = await api("/api/process-tasks", {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
  });

  it("creates each title once when the same braindump is sent several times at once", async () => {
    // Each request reads the titles before any inserts, unless the check and the insert are one.
    for (let round = 0; round < 5; round += 1) {
      const { token, user } = await registerUser();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => processTasks(token, { text: "Buy milk 1;Call Bob", allowDuplicates: true })),
      );
      const created = (await Promise.all(answers.map(async (res) => (await res.json()) as Task[]))).flat();
      expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 201]);
      expect(created.map((task) => task.title)).toEqual(["Buy milk 1", "Call Bob"]);
      expect((await listTasks(token)).map((t) => t.title)).toEqual(["Buy milk 1", "Call Bob"]);
      const counted = await env.DB.prepare("select total_tasks_created as n from daily_analytics where user_id = ?")
        .bind(user.id)
        .first<{ n: number }>();
      expect(counted?.n).toBe(2);
    }
  });

  it("requires sign-in", async () => {
    expect((await processTasks("", { text: "a" })).status).toBe(401);
  });

  it("creates nothing when one row of the insert fails", async () => {
    const { token, user } = await registerUser();
    await dump(token, "Existing");
    const poison = `poison-${crypto.randomUUID()}`;
    await withFailingTrigger(
      `create trigger $NAME before insert on tasks when new.title = '${poison}' begin select raise(abort, 'refused'); end`,
      async () => {
        const lines = [...Array.from({ length: 300 }, (_, i) => `line ${i}`), poison];
        const res = await processTasks(token, { text: lines.join("\n"), allowDuplicates: true });
        expect(res.status).toBe(500);
      },
    );
    expect((await listTasks(token)).map((t) => t.title)).toEqual(["Existing"]);
    expect(await countRows("tasks", user.id)).toBe(1);
  });
});

type Answers = Record<string, boolean | string>;
const savePriorities = (token: string, json: unknown) => api("/api/tasks/priorities", { method: "POST", token, json });

describe("POST /api/tasks/priorities", () => {
  it("marks the top three by score with the reasons and clears the others", async () => {
    const { token } = await registerUser();
    const [a, b, c, d, e] = await dump(token, "A;B;C;D;E");
    if (!a || !b || !c || !d || !e) throw new Error("dump failed");
    // D was a priority task with reasons from an earlier analysis.
    await api(`/api/tasks/${d.id}`, { method: "PATCH", token, json: { isPriority: true, description: "Urgent" } });
    const answers: [number, Answers][] = [
      [a.id, { urgent: false, effort: "Large" }], // 1
      [b.id, { urgent: true, important: true, effort: "Small" }], // 12
      [c.id, { dependency: true, relief: true }], // 6
      [d.id, { resources: true }], // 2
      [e.id, { important: true, goal_alignment: true }], // 7
    ];
    const res = await savePriorities(token, { tasks: answers.map(([id, ans]) => ({ id, answers: ans })) });
    expect(res.status, await res.clone().text()).toBe(200);
    const ranked = (await res.json()) as Task[];
    expect(ranked.map((t) => t.title)).toEqual(["B", "E", "C", "D", "A"]);
    expect(ranked.map((t) => t.isPriority)).toEqual([true, true, true, false, false]);
    expect(ranked.map((t) => t.description)).toEqual([
      "Urgent, Important, Small effort",
      "Important, Aligned with goals",
      "Unblocks other tasks, Provides relief/progress",
      null,
      null,
    ]);
    const stored = new Map((await listTasks(token)).map((t) => [t.title, t]));
    expect(stored.get("B")).toMatchObject({ isPriority: true, description: "Urgent, Important, Small effort" });
    expect(stored.get("D")).toMatchObject({ isPriority: false, description: null });
  });

  it("keeps the given order for ties and demotes earlier open priority tasks outside the ranking", async () => {
    const { token } = await registerUser();
    const [old, done, x, y] = await dump(token, "Old;Done;X;Y");
    if (!old || !done || !x || !y) throw new Error("dump failed");
    for (const t of [old, done]) {
      await api(`/api/tasks/${t.id}`, { method: "PATCH", token, json: { isPriority: true, description: "Urgent" } });
    }
    await api(`/api/tasks/${done.id}`, { method: "PATCH", token, json: { isCompleted: true } });
    const res = await savePriorities(token, {
      tasks: [
        { id: y.id, answers: { urgent: false } },
        { id: x.id, answers: { important: false } },
      ],
    });
    const ranked = (await res.json()) as Task[];
    expect(ranked.map((t) => t.title)).toEqual(["Y", "X"]);
    expect(ranked.every((t) => t.isPriority && t.description === null)).toBe(true);
    const stored = new Map((await listTasks(token)).map((t) => [t.title, t]));
    expect(stored.get("Old")).toMatchObject({ isPriority: false, description: null });
    // A completed priority task keeps its mark: it is history, not a current choice.
    expect(stored.get("Done")).toMatchObject({ isPriority: true, description: "Urgent" });
  });

  it("ranks 150 tasks in one batch", async () => {
    const { token } = await registerUser();
    const created = await dump(token, Array.from({ length: 150 }, (_, i) => `T${i}`).join(";"));
    const res = await savePriorities(token, {
      tasks: created.map((t, i) => ({ id: t.id, answers: i === 149 ? { urgent: true } : { relief: i % 2 === 0 } })),
    });
    expect(res.status).toBe(200);
    const ranked = (await res.json()) as Task[];
    expect(ranked.slice(0, 3).map((t) => t.title)).toEqual(["T149", "T0", "T2"]);
    expect((await listTasks(token)).filter((t) => t.isPriority)).toHaveLength(3);
  });

  it("answers 404 for another user's or a hidden task and changes nothing", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const [mine] = await dump(a.token, "Mine");
    const [theirs] = await dump(b.token, "Theirs");
    const hidden = await createTask(a.token, { title: "[REMOVED] Task 3" });
    for (const other of [theirs, hidden]) {
      const res = await savePriorities(a.token, {
        tasks: [
          { id: mine?.id, answers: { urgent: true } },
          { id: other?.id, answers: { urgent: true } },
        ],
      });
      expect(res.status).toBe(404);
    }
    expect((await listTasks(a.token))[0]).toMatchObject({ isPriority: false });
    expect((await listTasks(b.token))[0]).toMatchObject({ isPriority: false });
  });

  it.each([
    [{}],
    [{ tasks: [] }],
    [{ tasks: [{ id: 1, answers: {} }] }],
    [{ tasks: [{ id: 1, answers: { effort: "Huge" } }] }],
    [{ tasks: [{ id: 1, answers: { urgent: "yes" } }] }],
    [{ tasks: [{ id: 1, answers: { colour: true } }] }],
    [{ tasks: [{ id: "1", answers: { urgent: true } }] }],
    [
      {
        tasks: [
          { id: 1, answers: { urgent: true } },
          { id: 1, answers: { urgent: false } },
        ],
      },
    ],
  ])("refuses %j with 400", async (json) => {
    const { token } = await registerUser();
    const res = await savePriorities(token, json);
    expect(res.status).toBe(400);
  });

  it("requires sign-in", async () => {
    expect((await savePriorities("", { tasks: [{ id: 1, answers: { urgent: true } }] })).status).toBe(401);
  });
});

describe("POST /api/tasks/clear and POST /api/start-fresh", () => {
  for (const path of ["/api/tasks/clear", "/api/start-fresh"]) {
    it(`${path} removes every task and analytics record of the user, and nothing of anyone else`, async () => {
      const me = await registerUser();
      const other = await registerUser();
      const [first] = await dump(me.token, "One;Two;Three");
      await createTask(me.token, { title: "[REMOVED] Task 7" });
      await env.DB.prepare(
        "insert into focus_sessions (user_id, task_id, duration, focused_seconds, is_completed) values (?, ?, 1500, 1500, 1)",
      )
        .bind(me.user.id, first?.id)
        .run();
      await addAnalyticsRow(me.user.id, "2026-01-01");
      await addAnalyticsRow(me.user.id, "2026-01-02");
      await dump(other.token, "Keep me");
      await addAnalyticsRow(other.user.id, "2026-01-01");
      // The dump recorded today's creations too, so the other user has two records.
      const othersRecords = await countRows("daily_analytics", other.user.id);
      expect(othersRecords).toBe(2);

      const res = await api(path, { method: "POST", token: me.token });
      expect(res.status).toBe(204);
      expect(await countRows("tasks", me.user.id)).toBe(0);
      expect(await countRows("daily_analytics", me.user.id)).toBe(0);
      // The focused minutes stay (docs/decisions/008-deleting-task-has-focus-sessions.md); the
      // session no longer points at a task.
      const session = await env.DB.prepare("select task_id, focused_seconds from focus_sessions where user_id = ?")
        .bind(me.user.id)
        .first();
      expect(session).toEqual({ task_id: null, focused_seconds: 1500 });
      expect((await listTasks(other.token)).map((t) => t.title)).toEqual(["Keep me"]);
      expect(await countRows("daily_analytics", other.user.id)).toBe(othersRecords);
      // Again on an empty account: still fine.
      expect((await api(path, { method: "POST", token: me.token, json: {} })).status).toBe(204);
    });

    it(`${path} changes nothing when one statement of its batch fails`, async () => {
      const { token, user } = await registerUser();
      await dump(token, "Stay;Here");
      await addAnalyticsRow(user.id, "2026-02-01");
      const records = await countRows("daily_analytics", user.id);
      await withFailingTrigger(
        `create trigger $NAME before delete on daily_analytics when old.user_id = '${user.id}' begin select raise(abort, 'refused'); end`,
        async () => {
          expect((await api(path, { method: "POST", token })).status).toBe(500);
        },
      );
      expect((await listTasks(token)).map((t) => t.title)).toEqual(["Stay", "Here"]);
      expect(await countRows("daily_analytics", user.id)).toBe(records);
    });

    it(`${path} requires sign-in`, async () => {
      expect((await api(path, { method: "POST" })).status).toBe(401);
    });

    it(`${path} refuses a body that is present but not a JSON object (400) and deletes nothing`, async () => {
      const { token, user } = await registerUser();
      await dump(token, "Stay;Here");
      const records = await countRows("daily_analytics", user.id);
      for (const body of ["{garbage", "[]", "42", '"text"']) {
        const res = await api(path, {
          method: "POST",
          token,
          headers: { "Content-Type": "application/json" },
          body,
        });
        expect(res.status, body).toBe(400);
        expect(((await res.json()) as { message: string }).message).toMatch(/JSON/);
      }
      expect((await listTasks(token)).map((t) => t.title)).toEqual(["Stay", "Here"]);
      expect(await countRows("daily_analytics", user.id)).toBe(records);
      // An empty body (docs/product.md#compatible-calls sends none) and {} still clear.
      const empty = { method: "POST", token, headers: { "Content-Type": "application/json" }, body: "" };
      expect((await api(path, empty)).status).toBe(204);
    });
  }
});
