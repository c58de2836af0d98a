import { describe, expect, it } from "vitest";
import { aboutTask, shortTaskName, TOAST_NAME_MAX } from "../../web/ui/task-name";

// docs/decisions/245-toasts-name-their-task.md: every toast about a task names it, shortened to fit.
describe("shortTaskName", () => {
  it("keeps a short title whole", () => {
    expect(shortTaskName("Call Sam")).toBe("Call Sam");
    expect(shortTaskName("  Call   Sam ")).toBe("Call Sam");
  });

  it("cuts a long title at a word, within the limit, with an ellipsis", () => {
    const name = shortTaskName("Finish the Q3 budget report (due tomorrow 10am)");
    expect(name).toBe("Finish the Q3 budget report…");
    expect(name.length).toBeLessThanOrEqual(TOAST_NAME_MAX);
  });

  it("drops a trailing comma or dash before the ellipsis", () => {
    expect(shortTaskName("Renew car insurance, policy A-2291 by Friday", 22)).toBe("Renew car insurance…");
  });

  it("cuts one very long word where it must", () => {
    const name = shortTaskName("a".repeat(60));
    expect(name).toBe(`${"a".repeat(TOAST_NAME_MAX - 1)}…`);
  });
});

describe("aboutTask", () => {
  it("puts the name in quotes after what happened", () => {
    expect(aboutTask("Task done", "Call Sam")).toBe('Task done: "Call Sam"');
  });
});
