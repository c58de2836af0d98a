import { t } from "@lingui/core/macro";
import type { Day, DayPlanInput } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { type Change, type ChangeKind, changed } from "./change-kind";

// The day planned (POST /api/day/plan): today's three and the "No" items said again
// (docs/decisions/134-the-plan-replaces.md).

export type PlanEffect = { kind: "plan"; priorityTaskIds: number[]; noListTaskIds: number[] };

export function planChange(plan: DayPlanInput): Change<PlanEffect> {
  return {
    method: "POST",
    path: "/api/day/plan",
    body: plan,
    effect: { kind: "plan", priorityTaskIds: plan.priorityTaskIds, noListTaskIds: plan.noListTaskIds },
  };
}

/**
 * Today's three of a plan and its "No" items said again: the three are today's marks, every other
 * open task's mark is gone (docs/decisions/134-the-plan-replaces.md). Shown the same for a plan
 * waiting on the device and for one the server answered.
 */
export function withPlanMarks(
  tasks: Task[],
  plan: { priorityTaskIds: readonly number[]; noListTaskIds: readonly number[] },
  date: string,
): Task[] {
  const three = new Set(plan.priorityTaskIds);
  const again = new Set(plan.noListTaskIds);
  return tasks.map((task) => {
    if (three.has(task.id)) return { ...task, isPriority: true, priorityDate: date };
    if (again.has(task.id)) return { ...task, noListDate: date };
    return task.isPriority && !task.isCompleted ? { ...task, isPriority: false, priorityDate: null } : task;
  });
}

export const planDay = {
  kind: "plan",
  showTasks(tasks, effect, today) {
    const touched = new Set([...effect.priorityTaskIds, ...effect.noListTaskIds]);
    return withPlanMarks(tasks, effect, today).map((task) => (touched.has(task.id) ? changed(task, {}) : task));
  },
  showDay: (day) => ({ ...day, planned: true, skipped: false }),
  words: () => t`Plan your day`,
  // The plan step leaves at once, and the results that follow show the plan's three before the
  // reads bring the rest.
  answered: (answer, effect) => {
    const day = answer as Day;
    return { day, tasks: (shown) => withPlanMarks(shown, effect, day.date) };
  },
} satisfies ChangeKind<PlanEffect>;
