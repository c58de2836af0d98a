import { useDraggable, useDroppable } from "@dnd-kit/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, GripVertical, Star, Target } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { Task } from "../../../../shared/schemas/tasks";
import { isUnsynced } from "../../../changes/shown-task";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { EstimateBadge } from "../../../ui/estimate-badge";
import { UnsyncedMark } from "../../../ui/unsynced-mark";
import { EditTitleButton } from "../edit-title-button";
import { MarkDoneButton } from "../mark-done-button";
import { TaskTitleEditor } from "../task-title-editor";
import type { DragData } from "./announcements";
import { COLUMNS, type Column, columnOf, dragHandleId, dragId } from "./columns";

type ColumnProps = { column: Column; tasks: Task[]; onFocus: (task: Task) => void };

/** One list; its droppable id is the category value (docs/product.md#task). */
export function TaskColumn({ column, tasks, onFocus }: ColumnProps) {
  const { t } = useLingui();
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const Icon = column.icon;
  const labelId = `column-${column.id}`;
  // The count is of what is left to do: finished tasks still show, struck through, but are not
  // counted (docs/decisions/249-small-words-that-tell-the-truth.md).
  const open = tasks.filter((task) => !task.isCompleted).length;
  const done = tasks.length - open;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={labelId}
      className={cn(
        "flex min-h-32 flex-col gap-3 rounded-xl border-2 p-3 transition-colors sm:min-h-48",
        isOver
          ? "border-brand-500 bg-brand-50 dark:bg-indigo-950/50"
          : "border-slate-200 bg-slate-100/70 dark:border-slate-800 dark:bg-slate-900/50",
      )}
    >
      <h2 className="flex items-center justify-between gap-2 px-1 pt-1">
        <span className={cn("flex items-center gap-2 font-semibold", column.accent)}>
          <Icon aria-hidden="true" className="h-4 w-4" />
          <span id={labelId}>{t(column.label)}</span>
        </span>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {open}
          <span className="sr-only">
            {" "}
            <Plural value={open} one="task to do" other="tasks to do" />
          </span>
          {done > 0 ? (
            <span className="font-normal text-slate-500 dark:text-slate-400">
              {" · "}
              <Trans context="tasks finished in a list of the board">{done} done</Trans>
            </span>
          ) : null}
        </span>
      </h2>
      {tasks.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {tasks.map((task) => (
            <DraggableTask key={task.id} task={task} showFocus={column.showFocus} onFocus={onFocus} />
          ))}
        </ul>
      ) : (
        <p className="flex flex-1 items-center justify-center rounded-lg border-2 border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>Drop tasks here</Trans>
        </p>
      )}
    </section>
  );
}

function DraggableTask({
  task,
  showFocus,
  onFocus,
}: {
  task: Task;
  showFocus: boolean;
  onFocus: (task: Task) => void;
}) {
  const { t } = useLingui();
  const data: DragData = { title: task.title, category: columnOf(task) };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: dragId(task.id),
    data,
  });
  const titleId = `organized-title-${task.id}`;
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li ref={setNodeRef} className="rounded-lg border border-slate-200 p-2.5 dark:border-slate-700">
        <TaskTitleEditor task={task} onClose={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li ref={setNodeRef} className={cn(isDragging && "opacity-40")}>
      <TaskCard
        task={task}
        titleId={titleId}
        handle={
          <button
            ref={setActivatorNodeRef}
            id={dragHandleId(task.id)}
            type="button"
            {...attributes}
            {...listeners}
            aria-roledescription={t`draggable task`}
            className="flex min-w-0 flex-1 cursor-grab touch-manipulation items-start gap-1.5 rounded-md py-0.5 text-start active:cursor-grabbing"
          >
            <GripVertical aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
            <TaskTitle task={task} id={titleId} />
          </button>
        }
        action={
          <>
            {task.isCompleted || task.category === "no_list" ? null : (
              <MarkDoneButton task={task} className="h-8 w-8" />
            )}
            <EditTitleButton title={task.title} className="h-8 w-8" onClick={() => setEditing(true)} />
            {showFocus && !task.isCompleted ? (
              <Button
                variant="ghost"
                size="sm"
                className="h-8 shrink-0 px-2"
                aria-describedby={titleId}
                onClick={() => onFocus(task)}
              >
                <Target aria-hidden="true" className="h-4 w-4" />
                <Trans context="a button that starts the focus timer on a task">Focus</Trans>
              </Button>
            ) : null}
          </>
        }
      />
    </li>
  );
}

function TaskTitle({ task, id }: { task: Task; id?: string }) {
  return (
    <span id={id} className={cn("min-w-0 break-words text-sm font-medium", task.isCompleted && "line-through")}>
      {task.title}
      <EstimateBadge minutes={task.estimateMinutes} />
      {task.isPriority ? (
        <>
          <Star aria-hidden="true" className="ms-1 inline h-3.5 w-3.5 fill-amber-400 text-amber-500 align-[-2px]" />
          <span className="sr-only">
            , <Trans context="a task marked as one of today's three">priority</Trans>
          </span>
        </>
      ) : null}
      {task.isCompleted ? (
        <span className="sr-only">
          , <Trans context="a task that is done">completed</Trans>
        </span>
      ) : null}
      <UnsyncedMark unsynced={isUnsynced(task)} />
    </span>
  );
}

/** The look of a card; the drag overlay shows the same card lifted. */
export function TaskCard({
  task,
  titleId,
  handle,
  action,
  overlay = false,
}: {
  task: Task;
  titleId?: string;
  handle?: ReactNode;
  action?: ReactNode;
  overlay?: boolean;
}) {
  const column = COLUMNS.find((c) => c.id === columnOf(task)) ?? COLUMNS[1];
  // The title takes the card's width; the buttons get a row of their own below it unless the card
  // is wide enough for both (28rem), so a title never wraps in a 50 px sliver
  // (docs/decisions/147-board-card-buttons-below-title.md).
  return (
    <div
      data-drag-overlay={overlay ? "" : undefined}
      className={cn(
        "@container rounded-lg border border-s-4 border-slate-200 p-2.5 shadow-sm dark:border-slate-700",
        column?.card,
        task.isCompleted && "opacity-60",
        overlay && "rotate-1 cursor-grabbing shadow-xl ring-2 ring-brand-500",
      )}
    >
      <div className="flex flex-col gap-1 @md:flex-row @md:items-start @md:gap-2">
        <div className="flex min-w-0 flex-1 items-start gap-2">
          {handle ?? (
            <span className="flex min-w-0 flex-1 items-start gap-1.5 py-0.5">
              <GripVertical aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
              <TaskTitle task={task} id={titleId} />
            </span>
          )}
          {task.isCompleted ? (
            <CheckCircle2
              aria-hidden="true"
              className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400"
            />
          ) : null}
        </div>
        {action ? <div className="flex shrink-0 items-center justify-end gap-1">{action}</div> : null}
      </div>
    </div>
  );
}
