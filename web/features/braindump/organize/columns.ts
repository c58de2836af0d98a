import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Ban, Clock, Flame, type LucideIcon, Users } from "lucide-react";
import { CATEGORIES, type Category, DEFAULT_CATEGORY } from "../../../../shared/constants";

export type Column = {
  id: Category;
  /** Shown with `i18n._(label)` or `t(label)`. */
  label: MessageDescriptor;
  icon: LucideIcon;
  /** The column's header accent. */
  accent: string;
  /** Cards differ in look by category (docs/product.md#organized-step). */
  card: string;
  showFocus: boolean;
};

/** The four lists of docs/product.md#organized-step, in their order on screen; column ids are the category values (docs/product.md#task). */
export const COLUMNS: readonly Column[] = [
  {
    id: "urgent",
    label: msg({ message: "Urgent", context: "a list of the board" }),
    icon: Flame,
    accent: "text-red-700 dark:text-red-400",
    card: "border-s-red-500 dark:border-s-red-500 bg-red-50 dark:bg-red-950/40",
    showFocus: true,
  },
  {
    id: "later",
    label: msg({ message: "Later", context: "a list of the board" }),
    icon: Clock,
    accent: "text-sky-700 dark:text-sky-400",
    card: "border-s-sky-500 dark:border-s-sky-500 bg-white dark:bg-slate-900",
    showFocus: true,
  },
  {
    id: "delegate",
    label: msg({ message: "Delegate", context: "a list of the board" }),
    icon: Users,
    accent: "text-amber-700 dark:text-amber-400",
    card: "border-s-amber-500 dark:border-s-amber-500 bg-amber-50 dark:bg-amber-950/30",
    showFocus: true,
  },
  {
    id: "no_list",
    label: msg({ message: '"No" List', context: "a list of the board" }),
    icon: Ban,
    accent: "text-slate-700 dark:text-slate-300",
    card: "border-s-slate-400 dark:border-s-slate-500 border-dashed bg-slate-50 text-slate-700 dark:bg-slate-900/60 dark:text-slate-300",
    showFocus: false,
  },
];

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}

/** A list's name in the shown language. */
export function columnLabel(category: Category): string {
  const label = COLUMNS.find((column) => column.id === category)?.label;
  return label ? i18n._(label) : category;
}

/** docs/product.md#task: a task without a category is shown under Later. */
export function columnOf(task: { category: Category | null }): Category {
  return task.category ?? DEFAULT_CATEGORY;
}

/** Drag ids have the form task-{id} (docs/product.md#task). */
export const dragId = (taskId: number) => `task-${taskId}`;

/** The element id of a card's drag handle (focus returns there after a keyboard move). */
export const dragHandleId = (taskId: number) => `drag-handle-${taskId}`;

export function taskIdOf(id: string | number): number | undefined {
  const match = /^task-(\d+)$/.exec(String(id));
  return match ? Number(match[1]) : undefined;
}
