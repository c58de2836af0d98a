import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../worker/account/csv";
import type { AccountExport } from "../../worker/account/export";
import { seedUserData } from "./account-helpers";
import { api, registerUser } from "./helpers";

/** A small RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += ch;
  }
  if (cell || row.length) throw new Error("the CSV does not end with CRLF");
  return rows;
}

describe("GET /api/account/export", () => {
  it("answers one JSON attachment with the profile, tasks, focus sessions and daily analytics of this user only", async () => {
    const { token, user } = await registerUser();
    const other = await registerUser();
    const { taskId } = await seedUserData(user.id);
    await seedUserData(other.user.id);
    await api("/api/account", { method: "PATCH", token, json: { firstName: "Grace", timeZone: "Asia/Tokyo" } });

    const res = await api("/api/account/export", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="onething-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain(other.user.id);
    const data = JSON.parse(text) as AccountExport;
    expect(data).toMatchObject({ format: "onething-export", version: 1 });
    expect(data.user).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: "Grace",
      timeZone: "Asia/Tokyo",
      defaultFocusMinutes: 25,
      hasPassword: true,
      identityProvider: null,
    });
    expect(data.user).not.toHaveProperty("passwordHash");
    expect(data.tasks).toHaveLength(2);
    expect(data.tasks[0]).toMatchObject({
      id: taskId,
      title: `Task of ${user.id}`,
      category: "urgent",
      isCompleted: true,
      isPriority: true,
    });
    expect(data.tasks[1]).toMatchObject({ category: "no_list", noListReason: 'Too many, "really"' });
    expect(data.focusSessions).toEqual([
      {
        id: expect.any(Number),
        taskId,
        plannedSeconds: 1500,
        focusedSeconds: 1500,
        startedAt: "2026-01-01T10:00:00.000Z",
        completedAt: "2026-01-01T10:25:00.000Z",
        isCompleted: true,
      },
    ]);
    expect(data.dailyAnalytics).toEqual([
      {
        date: "2026-01-01",
        totalTasksCreated: 2,
        tasksCompleted: 1,
        priorityTasksCompleted: 0,
        carriedTasksCompleted: 0,
        focusSessionsCompleted: 1,
        totalFocusMinutes: 25,
        mostProductiveHour: 10,
        categoryBreakdown: { urgent: 0, later: 0, delegate: 0, no_list: 0 },
        hourlyActivity: Array(24).fill(0),
      },
    ]);
    expect(data.devices).toHaveLength(1);
    expect(JSON.stringify(data.devices)).not.toMatch(/sid/);
  });

  it("includes every task row, hidden [REMOVED] ones too", async () => {
    const { token, user } = await registerUser();
    await env.DB.prepare("insert into tasks (user_id, title) values (?, '[REMOVED] Task 7')").bind(user.id).run();
    const data = (await (await api("/api/account/export", { token })).json()) as AccountExport;
    expect(data.tasks.map((t) => t.title)).toEqual(["[REMOVED] Task 7"]);
  });

  it("answers 401 without a session", async () => {
    expect((await api("/api/account/export")).status).toBe(401);
    expect((await api("/api/account/export.csv")).status).toBe(401);
  });
});

describe("GET /api/account/export.csv", () => {
  it("answers the tasks as RFC 4180 CSV with formula-looking cells defused", async () => {
    const { token, user } = await registerUser();
    await seedUserData(user.id);
    const other = await registerUser();
    await seedUserData(other.user.id);
    for (const title of ["+1 555 0100", "-minus", "@mention", "Line one\nline two", "plain"]) {
      await env.DB.prepare("insert into tasks (user_id, title) values (?, ?)").bind(user.id, title).run();
    }
    const res = await api("/api/account/export.csv", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="onething-tasks-[\d-]+\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The UTF-8 byte order mark, which spreadsheet programs need to read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      "id",
      "title",
      "description",
      "category",
      "isCompleted",
      "isPriority",
      "noListReason",
      "createdAt",
      "completedAt",
      "priorityDate",
      "noListDate",
      "routineId",
      "estimateMinutes",
    ]);
    expect(rows).toHaveLength(1 + 7);
    const byTitle = new Map(rows.slice(1).map((row) => [row[1], row]));
    expect(byTitle.get(`Task of ${user.id}`)?.slice(2, 6)).toEqual([
      `'=HYPERLINK("http://evil")`,
      "urgent",
      "true",
      "true",
    ]);
    expect(byTitle.get("Say no to meetings")?.[6]).toBe('Too many, "really"');
    for (const title of ["'+1 555 0100", "'-minus", "'@mention", "Line one\nline two", "plain"]) {
      expect(byTitle.has(title), title).toBe(true);
    }
    // Every row has every column, and no cell of the other user shows up.
    for (const row of rows) expect(row).toHaveLength(13);
    expect(text).not.toContain(other.user.id);
  });
});

describe("csv cells", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\r\nlines", '"two\r\nlines"'],
    ["=1+1", "'=1+1"],
    ["+cmd", "'+cmd"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTAB", "'\tTAB"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    [-2, "-2"],
    [true, "true"],
    [null, ""],
  ])("%j becomes %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("ends every record with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        [1, null],
      ]),
    ).toBe("a,b\r\n1,\r\n");
  });
});
