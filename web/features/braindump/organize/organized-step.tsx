import {
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  type DropAnimation,
  defaultDropAnimationSideEffects,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Timer } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type Category, DRAG } from "../../../../shared/constants";
import type { Task } from "../../../../shared/schemas/tasks";
import { useMoveTask } from "../../../api/task-changes";
import { useTasks } from "../../../api/tasks";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { shortTaskName } from "../../../ui/task-name";
import { showError } from "../../../ui/toast";
import { STEP_HEADING_ID, StepIntro } from "../step-heading";
import { createAnnouncements, screenReaderInstructions } from "./announcements";
import { COLUMNS, columnOf, dragHandleId, isCategory, taskIdOf } from "./columns";
import { boardCollisions } from "./drop-target";
import { useEdgeAutoScroll } from "./edge-auto-scroll";
import { columnKeyboardCoordinates } from "./keyboard-coordinates";
import { TaskCard, TaskColumn } from "./task-column";

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const dropAnimation: DropAnimation = {
  duration: DRAG.dropAnimationMs,
  easing: "cubic-bezier(0.2, 0.8, 0.2, 1)", // words-ok: a CSS easing
  sideEffects: defaultDropAnimationSideEffects({ styles: { active: { opacity: "0.4" } } }),
};

type Props = { onBack: () => void; onStartOver: () => void };

/** docs/product.md#organized-step: four lists, tasks move between them by mouse, touch or keyboard. */
export function OrganizedStep({ onBack, onStartOver }: Props) {
  const { t } = useLingui();
  const tasks = useTasks({ refetchOnWindowFocus: true });
  const moveTask = useMoveTask();
  const navigate = useNavigate();
  const autoScroll = useEdgeAutoScroll();
  const [activeTask, setActiveTask] = useState<Task | null>(null);
  /**
   * Over another list the drop lands there, so the lifted card must not fly back to its old place:
   * @dnd-kit's drop animation first scrolls the old card into view, which threw the page back to
   * where a long drag began (docs/decisions/360-a-drop-keeps-the-page-where-it-landed.md).
   */
  const [overAnotherList, setOverAnotherList] = useState(false);
  const [announcements] = useState(createAnnouncements);
  /** A finger's drag always has a list to land in (docs/decisions/373-a-touch-drop-lands-in-the-nearest-list.md). */
  const touchDrag = useRef(false);
  const [collisionDetection] = useState(() => boardCollisions(() => touchDrag.current));
  /** After a keyboard drop the card is re-created in its new list; focus follows it there. */
  const [refocus, setRefocus] = useState<{ id: number; category: Category } | null>(null);

  useEffect(() => {
    if (!refocus) return;
    const task = tasks.data?.find((t) => t.id === refocus.id);
    if (!task || columnOf(task) !== refocus.category) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(dragHandleId(refocus.id))?.focus();
      setRefocus(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [refocus, tasks.data]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG.mouseDistancePx } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: DRAG.touchDelayMs, tolerance: DRAG.touchTolerancePx },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  const byColumn = useMemo(() => {
    const groups = new Map(COLUMNS.map((column) => [column.id, [] as Task[]]));
    for (const task of tasks.data ?? []) groups.get(columnOf(task))?.push(task);
    return groups;
  }, [tasks.data]);

  if (tasks.isPending) return <Spinner className="py-24" label={t`Organizing your tasks...`} showLabel />;

  const findTask = (id: string | number) => tasks.data?.find((task) => task.id === taskIdOf(id));

  function onDragStart({ active, activatorEvent }: DragStartEvent) {
    setActiveTask(findTask(active.id) ?? null);
    setOverAnotherList(false);
    // `TouchEvent` is not defined in desktop Firefox, so the event is asked for its touches.
    touchDrag.current = "touches" in activatorEvent;
    if (!(activatorEvent instanceof KeyboardEvent)) autoScroll.start(activatorEvent);
  }

  function onDragOver({ active, over }: DragOverEvent) {
    const task = findTask(active.id);
    setOverAnotherList(Boolean(task && over && isCategory(over.id) && over.id !== columnOf(task)));
  }

  function onDragEnd({ active, over, activatorEvent }: DragEndEvent) {
    autoScroll.stop();
    setActiveTask(null);
    const task = findTask(active.id);
    // docs/product.md#organized-step: a mouse drop outside a column, or any drop back where it was,
    // does nothing.
    if (!task || !over || !isCategory(over.id) || over.id === columnOf(task)) return;
    const byKeyboard = activatorEvent instanceof KeyboardEvent;
    const from = columnOf(task);
    if (byKeyboard) setRefocus({ id: task.id, category: over.id });
    moveTask.mutate(
      { id: task.id, category: over.id },
      {
        onError: (err) => {
          console.warn("Moving a task failed", err);
          if (byKeyboard) setRefocus({ id: task.id, category: from });
          // A toast names its task in its title (docs/decisions/245-toasts-name-their-task.md).
          const name = shortTaskName(task.title);
          const title = task.title;
          showError(t`Error moving task: "${name}"`, t`"${title}" could not be moved. Please try again.`);
        },
      },
    );
  }

  return (
    <section aria-labelledby={STEP_HEADING_ID} className="space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <StepIntro
          title={t`Your Organized Tasks`}
          lead={
            <>
              <Trans>Drag tasks between the lists.</Trans>
              <span className="keyboard-hint">
                {" "}
                <Trans>
                  With a keyboard, focus a task, press Space, choose a list with the arrow keys and press Space again.
                </Trans>
              </span>
            </>
          }
          leadClassName="max-w-2xl"
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
            <Trans>Back to Priorities</Trans>
          </Button>
          <Button onClick={() => navigate("/focus-timer")}>
            <Timer aria-hidden="true" className="h-4 w-4" />
            <Trans>Start Focus Timer</Trans>
          </Button>
        </div>
      </div>

      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        autoScroll={false}
        accessibility={{ announcements, screenReaderInstructions: screenReaderInstructions() }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          autoScroll.stop();
          setActiveTask(null);
        }}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {COLUMNS.map((column) => (
            <TaskColumn
              key={column.id}
              column={column}
              tasks={byColumn.get(column.id) ?? []}
              onFocus={(task) => navigate(`/focus-timer?taskId=${task.id}`)}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={overAnotherList || prefersReducedMotion() ? null : dropAnimation}>
          {activeTask ? <TaskCard task={activeTask} overlay /> : null}
        </DragOverlay>
      </DndContext>

      <div>
        <Button variant="ghost" onClick={onStartOver}>
          <Trans>Start Over</Trans>
        </Button>
      </div>
    </section>
  );
}
