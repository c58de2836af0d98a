import type { Task } from "../../shared/schemas/tasks";

/**
 * The braindump screen's step past the typing (the questions, the results, the board), kept on this
 * device for its person with the day it was left for, so opening the screen again that day (a
 * reload, the app closed and opened, Back from the timer) comes back to it
 * (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md). One key, so a sign-out
 * forgets it without knowing whose it was.
 */
export type KeptStep = {
  step: "questions" | "results" | "organized";
  /** The tasks being asked about; the questions show the list's current copy of each. */
  questionTasks: Task[];
  ranking: number[] | null;
  source: "answers" | "kept" | "picked" | null;
  /** The person's day (YYYY-MM-DD) the typing step was left on; null: not known then. */
  date: string | null;
};

const STEP_KEY = "braindump-step";
/** The shape's version: a value of another version (older code's, or newer's) is not read. */
const SHAPE = 1;

export function readStep(userId: string): KeptStep | null {
  try {
    const kept = JSON.parse(localStorage.getItem(STEP_KEY) ?? "null");
    // Another person's, or a shape this code does not know: the screen starts at its start.
    return kept?.shape === SHAPE && kept.userId === userId ? kept : null;
  } catch {
    // Storage blocked or its value unreadable: the screen starts at its start, as before.
    return null;
  }
}

/** Keeps the step; null (back on the typing step) forgets it. */
export function saveStep(userId: string, kept: KeptStep | null): void {
  try {
    if (kept) localStorage.setItem(STEP_KEY, JSON.stringify({ shape: SHAPE, userId, ...kept }));
    else forgetStep();
  } catch {
    // Storage full or blocked: only a reload loses the step.
  }
}

/** Start Fresh, a sign-out or a deleted account: the next opening starts at the start. */
export function forgetStep(): void {
  try {
    localStorage.removeItem(STEP_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
