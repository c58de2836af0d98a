import { describe, expect, it } from "vitest";
import { tableProblems } from "../../scripts/table-owners";

const schema = (names: string, type = "") => `import ${type}{ ${names} } from "../db/schema";\n`;

describe("who names which table", () => {
  it("lets a capability name its own tables, and another's where decision 206 says", () => {
    expect(
      tableProblems([
        { path: "worker/tasks/routes.ts", text: schema("tasks, undoActions, users") },
        { path: "worker/day/history.ts", text: schema("dailyAnalytics, tasks") },
        { path: "worker/db/batch-guard.ts", text: schema("tasks") },
      ]),
    ).toEqual([]);
  });

  it("finds another capability's table, and a table with no owner", () => {
    expect(
      tableProblems([
        { path: "worker/push/send.ts", text: schema("pushSubscriptions, tasks") },
        { path: "worker/http/receipts.ts", text: schema("newTable") },
      ]),
    ).toEqual([
      "worker/push/send.ts: tasks belongs to worker/tasks/ (use its queries, or say why in decision 206)",
      "worker/http/receipts.ts: newTable has no owner in scripts/table-owners.ts",
    ]);
  });

  it("leaves types alone: a row's type is no read", () => {
    expect(
      tableProblems([
        { path: "worker/focus/sessions.ts", text: schema("focusSessions, type UndoSnapshot") },
        { path: "worker/push/send.ts", text: schema("tasks", "type ") },
      ]),
    ).toEqual([]);
  });
});
