import { i18n } from "@lingui/core";
import { plural, t } from "@lingui/core/macro";
import { formatMinutes } from "../../../../shared/estimate";
import type { Task } from "../../../../shared/schemas/tasks";

// A plan sized to the person (docs/decisions/294-a-plan-sized-to-the-person.md): the three's
// estimates beside what the person usually focuses. Pure, for the plan step and the results.

/** Minutes rounded to a quarter hour, as "about" says them: "4 h", "1 h 30", "45 min". */
export function aboutMinutes(minutes: number): string {
  return formatMinutes(Math.max(15, Math.round(minutes / 15) * 15), i18n.locale);
}

/** The planned minutes of these tasks: the open ones' estimates (a task without one adds nothing). */
export function plannedMinutes(tasks: readonly Pick<Task, "estimateMinutes" | "isCompleted">[]): number {
  return tasks.reduce((sum, task) => sum + (task.isCompleted ? 0 : (task.estimateMinutes ?? 0)), 0);
}

export type PlanSize = {
  planned: number;
  /** The line beside the three. */
  text: string;
  /** When the plan needs more than the usual focus: the task to offer to move to Later (the longest). */
  tooMuch: Pick<Task, "id" | "title"> | null;
};

/** The usual focus as GET /api/day answers it: the figure, and how many days it is the median of (0: the setting). */
export type UsualFocus = { minutes: number; days: number };

/** Where the usual focus comes from, in words: "the median of your last 9 days with focus", or "your setting". */
export function usualFocusSource(usual: UsualFocus): string {
  if (usual.days === 0) return t`your setting`;
  const days = usual.days;
  return plural(days, {
    one: "the median of your last # day with focus",
    other: "the median of your last # days with focus",
  });
}

/**
 * The three's size in words, or null when none has an estimate: "These three need about 4 h; you
 * usually focus 2 h a day (your setting)." when they need more than the usual focus, else "These
 * three need about 1 h 30 of your usual 2 h (your setting)." The usual focus is said as the server
 * counts it, unrounded, with where it comes from (docs/decisions/331-the-usual-focus-says-where-it-comes-from.md).
 * The task chosen last evening as today's first (`chosenFirstId`) is never the one offered to move
 * (docs/decisions/346-the-first-chosen-last-night-is-kept.md).
 */
export function planSize(
  three: readonly Pick<Task, "id" | "title" | "estimateMinutes" | "isCompleted">[],
  usual: UsualFocus,
  chosenFirstId: number | null = null,
): PlanSize | null {
  const planned = plannedMinutes(three);
  if (planned === 0) return null;
  const open = three.filter((task) => !task.isCompleted);
  const figure = formatMinutes(usual.minutes, i18n.locale);
  const source = usualFocusSource(usual);
  const about = aboutMinutes(planned);
  const count = open.length;
  // One sentence per count of open tasks: "This one", "These two", "These three" (docs/decisions/395-messages-in-lingui-catalogs.md).
  if (planned <= usual.minutes) {
    return {
      planned,
      text: plural(count, {
        1: `This one needs about ${about} of your usual ${figure} (${source}).`,
        2: `These two need about ${about} of your usual ${figure} (${source}).`,
        3: `These three need about ${about} of your usual ${figure} (${source}).`,
        other: `These # need about ${about} of your usual ${figure} (${source}).`,
      }),
      tooMuch: null,
    };
  }
  const longest =
    open
      // Only a task with an estimate makes the plan smaller.
      .filter((task) => task.id !== chosenFirstId && (task.estimateMinutes ?? 0) > 0)
      .sort((a, b) => (b.estimateMinutes ?? 0) - (a.estimateMinutes ?? 0))[0] ?? null;
  return {
    planned,
    text: plural(count, {
      1: `This one needs about ${about}; you usually focus ${figure} a day (${source}).`,
      2: `These two need about ${about}; you usually focus ${figure} a day (${source}).`,
      3: `These three need about ${about}; you usually focus ${figure} a day (${source}).`,
      other: `These # need about ${about}; you usually focus ${figure} a day (${source}).`,
    }),
    tooMuch: longest && open.length > 1 ? { id: longest.id, title: longest.title } : null,
  };
}
