import { describe, expect, it } from "vitest";
import type { Answers } from "../../shared/questions";
import type { Task } from "../../shared/schemas/tasks";
import { type AnswersPatch, applyAnswersPatch, toggleAnswer } from "../../web/api/answer-changes";
import { AnswerSaver } from "../../web/api/task-answers";
import { firstUnanswered } from "../../web/features/braindump/first-unanswered";
import { task } from "./task-fixture";

describe("toggleAnswer and applyAnswersPatch (docs/product.md#questions-step)", () => {
  it("sets an answer, and choosing the same value again removes it", () => {
    expect(toggleAnswer({}, "urgent", true)).toEqual({ urgent: true });
    expect(toggleAnswer({ urgent: true }, "urgent", true)).toEqual({ urgent: null });
    expect(applyAnswersPatch({ urgent: true, important: false }, { urgent: null })).toEqual({ important: false });
  });

  it("a different value replaces it, other answers stay and nothing is mutated", () => {
    const answers = Object.freeze({ urgent: true, effort: "Small" as const });
    expect(toggleAnswer(answers, "effort", "Large")).toEqual({ effort: "Large" });
    expect(applyAnswersPatch(answers, { urgent: false, effort: "Large" })).toEqual({ urgent: false, effort: "Large" });
    expect(answers).toEqual({ urgent: true, effort: "Small" });
  });
});

describe("firstUnanswered", () => {
  const saved: Record<number, Answers> = { 1: { urgent: false }, 2: {}, 3: { effort: "Small" } };
  const tasks = [task(1), task(2), task(3)];

  it("names the first task without any answer; a No counts as an answer", () => {
    expect(firstUnanswered(tasks, (t) => saved[t.id] ?? {})?.id).toBe(2);
    expect(firstUnanswered(tasks, (t) => ({ ...saved[t.id], relief: true }))).toBeUndefined();
  });
});

/** A server whose answers are released one at a time, in the order the test chooses. */
function controlledServer() {
  const requests: { taskId: number; patch: AnswersPatch; resolve: () => void; reject: (e: Error) => void }[] = [];
  const stored = new Map<number, Answers>();
  const send = (taskId: number, patch: AnswersPatch) =>
    new Promise<Task>((resolve, reject) => {
      requests.push({
        taskId,
        patch,
        resolve: () => {
          const answers = applyAnswersPatch(stored.get(taskId) ?? {}, patch);
          stored.set(taskId, answers);
          resolve(task(taskId, { answers }));
        },
        reject,
      });
    });
  return { requests, stored, send };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("AnswerSaver", () => {
  it("sends a change at once and shows it before the server answers", () => {
    const server = controlledServer();
    const saver = new AnswerSaver(
      server.send,
      () => {},
      () => {},
    );
    saver.change(1, { urgent: true });
    expect(server.requests.map((r) => r.patch)).toEqual([{ urgent: true }]);
    expect(saver.answersOf(task(1))).toEqual({ urgent: true });
    expect(saver.busy).toBe(true);
  });

  it("merges changes made while one is on its way and sends them after it, in order", async () => {
    const server = controlledServer();
    const saved: [Answers, boolean][] = [];
    const saver = new AnswerSaver(
      server.send,
      (t, settled) => saved.push([t.answers, settled]),
      () => {},
    );
    saver.change(1, { urgent: true });
    saver.change(1, { urgent: false });
    saver.change(1, { effort: "Small" });
    expect(server.requests).toHaveLength(1);
    // A refetch now still has the old saved answers: the screen shows the latest choice.
    expect(saver.answersOf(task(1, { answers: {} }))).toEqual({ urgent: false, effort: "Small" });
    server.requests[0]?.resolve();
    await settle();
    expect(server.requests.map((r) => r.patch)).toEqual([{ urgent: true }, { urgent: false, effort: "Small" }]);
    server.requests[1]?.resolve();
    await settle();
    expect(server.stored.get(1)).toEqual({ urgent: false, effort: "Small" });
    expect(saved.at(-1)).toEqual([{ urgent: false, effort: "Small" }, true]);
    expect(saver.busy).toBe(false);
  });

  it("a refused change is undone on screen and reported", async () => {
    const server = controlledServer();
    const failures: unknown[] = [];
    const saver = new AnswerSaver(
      server.send,
      () => {},
      (err) => failures.push(err),
    );
    saver.change(2, { relief: true });
    server.requests[0]?.reject(new Error("404"));
    await settle();
    expect(failures).toHaveLength(1);
    expect(saver.answersOf(task(2))).toEqual({});
    expect(saver.busy).toBe(false);
  });
});
