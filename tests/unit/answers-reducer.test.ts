import { describe, expect, it } from "vitest";
import { answersReducer } from "../../web/features/braindump/answers-reducer";
import { firstUnanswered } from "../../web/features/braindump/first-unanswered";

describe("answersReducer (spec §4)", () => {
  it("sets an answer", () => {
    expect(answersReducer({}, { type: "answer", taskId: 1, questionId: "urgent", value: true })).toEqual({
      1: { urgent: true },
    });
  });

  it("choosing the same value again removes the answer", () => {
    const state = { 1: { urgent: true, important: false } };
    expect(answersReducer(state, { type: "answer", taskId: 1, questionId: "urgent", value: true })).toEqual({
      1: { important: false },
    });
    expect(answersReducer(state, { type: "answer", taskId: 1, questionId: "important", value: false })).toEqual({
      1: { urgent: true },
    });
  });

  it("choosing a different value replaces it", () => {
    const state = { 1: { urgent: true, effort: "Small" as const } };
    let next = answersReducer(state, { type: "answer", taskId: 1, questionId: "urgent", value: false });
    next = answersReducer(next, { type: "answer", taskId: 1, questionId: "effort", value: "Large" });
    expect(next).toEqual({ 1: { urgent: false, effort: "Large" } });
  });

  it("keeps other tasks' answers and never mutates the state", () => {
    const state = Object.freeze({ 1: Object.freeze({ urgent: true }), 2: Object.freeze({ relief: false }) });
    const next = answersReducer(state, { type: "answer", taskId: 1, questionId: "urgent", value: true });
    expect(next).toEqual({ 1: {}, 2: { relief: false } });
    expect(state).toEqual({ 1: { urgent: true }, 2: { relief: false } });
  });

  it("reset clears everything", () => {
    expect(answersReducer({ 1: { urgent: true } }, { type: "reset" })).toEqual({});
  });
});

describe("firstUnanswered", () => {
  const tasks = [
    { id: 1, title: "A" },
    { id: 2, title: "B" },
    { id: 3, title: "C" },
  ];

  it("names the first task without any answer; a No counts as an answer", () => {
    expect(firstUnanswered(tasks, { 1: { urgent: false }, 3: { effort: "Small" } })?.title).toBe("B");
    expect(firstUnanswered(tasks, { 1: { urgent: false }, 2: {}, 3: { effort: "Small" } })?.title).toBe("B");
    expect(
      firstUnanswered(tasks, { 1: { urgent: false }, 2: { relief: true }, 3: { effort: "Small" } }),
    ).toBeUndefined();
  });
});
