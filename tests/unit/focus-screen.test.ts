import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { backoffDelay } from "../../web/api/live-channel";
import { FOCUS_MESSAGES, pickMessage } from "../../web/features/focus/messages";
import { selectableTasks } from "../../web/features/focus/selectable-tasks";
import { clampMinutes } from "../../web/features/focus/selection-phase";
import { task } from "./task-fixture";

describe("the task list of the selection", () => {
  it("puts priority tasks first and leaves out completed, [REMOVED] and No-list tasks", () => {
    const list = selectableTasks([
      task(1),
      task(2, { isPriority: true }),
      task(3, { isCompleted: true }),
      task(4, { category: "no_list" }),
      task(5, { title: "[REMOVED] Task 5" }),
      task(6, { category: null }),
      task(7, { isPriority: true }),
    ]);
    expect(list.map((t) => t.id)).toEqual([2, 7, 1, 6]);
  });

  it("keeps the duration within 5–120 minutes", () => {
    expect([clampMinutes(0), clampMinutes(5), clampMinutes(60), clampMinutes(125)]).toEqual([5, 5, 60, 120]);
  });
});

describe("motivational messages", () => {
  it("has nine distinct messages, the spec's two among them", () => {
    const texts = FOCUS_MESSAGES.map((message) => i18n._(message));
    expect(texts).toHaveLength(9);
    expect(new Set(texts).size).toBe(9);
    expect(texts).toContain("Stay focused on just this one task. You've got this!");
    expect(texts).toContain("One thing at a time. Keep going!");
  });

  it("never repeats the previous one", () => {
    for (const previous of FOCUS_MESSAGES.keys()) {
      for (const r of [0, 0.5, 0.999]) expect(pickMessage(previous, () => r)).not.toBe(previous);
    }
  });
});

describe("reconnect backoff", () => {
  it("doubles up to 30 s, with jitter between half and all of it", () => {
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(0, 1)).toBe(500);
    expect(backoffDelay(3, 1)).toBe(4000);
    expect(backoffDelay(20, 1)).toBe(30_000);
    expect(backoffDelay(20, 0)).toBe(15_000);
  });
});
