import type { Task } from "../../shared/schemas/tasks";

/**
 * The braindump screen's step past the typing (the questions, the results, the board), kept in this
 * tab's session storage per person, so a reload comes back to it
 * (docs/decisions/351-a-reload-keeps-the-braindump-s-step.md). The asked tasks are kept whole: the
 * questions show the list's current copy of each as soon as the list is read, and drop a task gone
 * meanwhile.
 */
type KeptStep = {
  step: "questions" | "results" | "organized";
  questionTasks: Task[];
  ranking: number[] | null;
  source: "answers" | "kept" | "picked" | null;
};

const STEP_KEY = "braindump-step:";
const STEPS: readonly string[] = ["questions", "results", "organized"];
const SOURCES: readonly (string | null)[] = ["answers", "kept", "picked", null];

const isTaskLike = (value: unknown): value is Task =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Task).id === "number" &&
  typeof (value as Task).title === "string";

export function readStep(userId: string): KeptStep | null {
  try {
    const raw = sessionStorage.getItem(STEP_KEY + userId);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptStep> | null;
    if (
      !kept ||
      typeof kept.step !== "string" ||
      !STEPS.includes(kept.step) ||
      !Array.isArray(kept.questionTasks) ||
      !kept.questionTasks.every(isTaskLike) ||
      !(kept.ranking === null || (Array.isArray(kept.ranking) && kept.ranking.every(Number.isInteger))) ||
      !SOURCES.includes(kept.source ?? null)
    ) {
      return null;
    }
    return kept as KeptStep;
  } catch {
    // Storage blocked or its value unreadable: the screen starts at the typing step, as before.
    return null;
  }
}

/** Keeps the step; the typing step (null) forgets it. */
export function saveStep(userId: string, kept: KeptStep | null): void {
  try {
    if (kept) sessionStorage.setItem(STEP_KEY + userId, JSON.stringify(kept));
    else sessionStorage.removeItem(STEP_KEY + userId);
  } catch {
    // Storage full or blocked: only a reload loses the step.
  }
}
