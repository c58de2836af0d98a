import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { t } from "@lingui/core/macro";
import type { Category } from "../../../../shared/constants";
import { columnLabel, isCategory } from "./columns";

/** What each draggable card carries, so announcements can name the task and where it came from. */
export type DragData = { title: string; category: Category };

/** The instructions read with a card's handle, in the shown language: made when the board is shown. */
export const screenReaderInstructions = (): ScreenReaderInstructions => ({
  draggable: t`To move this task to another list, press Space or Enter to pick it up, use the arrow keys to choose a list, then press Space or Enter to drop it. Press Escape to cancel.`,
});

/** The sentences read out during a drag; kept apart from @dnd-kit so they can be tested. */
export const dragMessages = {
  start: (title: string) => t`Picked up ${title}.`,
  over: (title: string, target: Category | undefined) => {
    if (!target) return t`${title} is not over a list.`;
    const list = columnLabel(target);
    return t`Moved to ${list}.`;
  },
  end: (title: string, from: Category, target: Category | undefined) => {
    if (!target) {
      const list = columnLabel(from);
      return t`Dropped ${title} outside the lists. It stays in ${list}.`;
    }
    const list = columnLabel(target);
    if (target === from) return t`Dropped ${title} in ${list}. It was already there.`;
    return t`Dropped ${title} in ${list}.`;
  },
  cancel: (title: string, from: Category) => {
    const list = columnLabel(from);
    return t`Cancelled. ${title} stays in ${list}.`;
  },
};

type Item = { data: { current?: Record<string, unknown> | undefined } };
const dataOf = (item: Item): DragData => {
  const data = item.data.current as Partial<DragData> | undefined;
  return { title: data?.title ?? t`the task`, category: data?.category ?? "later" };
};
const targetOf = (over: { id: string | number } | null) => (over && isCategory(over.id) ? over.id : undefined);

/**
 * The announcements of one DndContext. Stateful on purpose: the first "over" of a drag is the list
 * the card starts in, and saying "Moved to Later" right after "Picked up" would drown the pick-up.
 */
export function createAnnouncements(): Announcements {
  let lastTarget: Category | undefined;
  return {
    onDragStart: ({ active }) => {
      lastTarget = dataOf(active).category;
      return dragMessages.start(dataOf(active).title);
    },
    onDragOver: ({ active, over }) => {
      const target = targetOf(over);
      if (target === lastTarget) return undefined;
      lastTarget = target;
      return dragMessages.over(dataOf(active).title, target);
    },
    onDragEnd: ({ active, over }) => {
      const { title, category } = dataOf(active);
      return dragMessages.end(title, category, targetOf(over));
    },
    onDragCancel: ({ active }) => {
      const { title, category } = dataOf(active);
      return dragMessages.cancel(title, category);
    },
  };
}
