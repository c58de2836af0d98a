import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { ListChecks, Plus, Trash2 } from "lucide-react";
import { type FormEvent, type Ref, useRef, useState } from "react";
import { LIMITS, UNDO } from "../../../shared/constants";
import { commitNoListSchema, noListReasonSchema } from "../../../shared/schemas/no-list";
import { createTaskSchema, type Task } from "../../../shared/schemas/tasks";
import { characterCount } from "../../../shared/text-length";
import { hasVisibleCharacter } from "../../../shared/visible-text";
import { textOfIssue } from "../../api/field-errors";
import { useClearNoList, useCommitNoList } from "../../api/no-list";
import { isQueued } from "../../api/send-change";
import { useCreateTask } from "../../api/task-changes";
import { undoable } from "../../api/undo";
import { keptOnDevice } from "../../changes/change-kind";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { Field, inputClasses } from "../../ui/field";
import { shortTaskName } from "../../ui/task-name";
import { showError, showProgress, showSuccess } from "../../ui/toast";
import { CategoryBadge } from "./category-badge";
import { failureText } from "./failure-text";
import { NoListHeading } from "./no-list-heading";
import { builderTasks, commitItems, selectedIds } from "./no-list-selection";

/**
 * Looks disabled and is announced as disabled, yet stays focusable and clickable, so that reaching it
 * with nothing selected explains why (docs/product.md#builder-mode toasts) instead of silently doing nothing.
 */
const softDisabled = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

function reasonError(reason: string | undefined): string | undefined {
  const parsed = noListReasonSchema.safeParse(reason ?? "");
  return parsed.success ? undefined : textOfIssue(parsed.error.issues[0]?.message);
}

type BuilderProps = {
  tasks: readonly Task[];
  noListCount: number;
  headingRef: Ref<HTMLHeadingElement>;
  onCommitted: () => void;
  onShowList: () => void;
};

/** docs/product.md#builder-mode: pick today's "No" items from the current tasks, or add new ones. */
export function NoListBuilder({ tasks, noListCount, headingRef, onCommitted, onShowList }: BuilderProps) {
  const { t } = useLingui();
  const listed = builderTasks(tasks);
  // docs/product.md#no-list-screen: the selection and per-task reasons are held here, and reset after a clear or commit.
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const queryClient = useQueryClient();
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [confirmOpen, setConfirmOpen] = useState(false);
  const reasonInputs = useRef(new Map<number, HTMLInputElement>());
  const commit = useCommitNoList();
  const clear = useClearNoList();
  const busy = commit.isPending || clear.isPending;
  const ids = selectedIds(listed, selected);
  const nothingSelected = ids.length === 0;
  const selectedCount = ids.length;
  const undoSeconds = UNDO.toastMs / 1000;

  function resetSelection() {
    setSelected(new Set());
    setReasons({});
  }

  function toggle(id: number, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function onCommit() {
    if (busy) return;
    if (nothingSelected) {
      showError(t`No items selected`, t`Please select at least one item for your No List.`);
      return;
    }
    const input = commitItems(ids, reasons);
    const parsed = commitNoListSchema.safeParse(input);
    if (!parsed.success) {
      const firstTooLong = ids.find((id) => reasonError(reasons[id]));
      if (firstTooLong !== undefined) {
        const reasonMax = LIMITS.reasonMax;
        showError(t`Reason too long`, t`Keep each reason to ${reasonMax} characters or fewer.`);
        reasonInputs.current.get(firstTooLong)?.focus();
      } else {
        showError(t`Cannot commit your No List`, textOfIssue(parsed.error.issues[0]?.message));
      }
      return;
    }
    commit.mutate(input, {
      onSuccess: () => {
        showSuccess(t`No List committed`, t`You've successfully committed to your No List for today.`);
        resetSelection();
        onCommitted();
      },
      onError: (err) =>
        showError(
          t`Failed to commit your No List`,
          failureText(err, t`There was a problem saving your No List. Please try again.`),
        ),
    });
  }

  function onClearClick() {
    if (busy) return;
    if (nothingSelected) {
      showError(t`No tasks selected`, t`Please select tasks to clear first.`);
      return;
    }
    setConfirmOpen(true);
  }

  function onConfirmClear() {
    setConfirmOpen(false);
    const progress = showProgress(t`Clearing tasks...`, t`Please wait while we clear your selected tasks.`);
    // One call; tasks gone meanwhile (another device) are skipped and reported as failed (docs/product.md#messages).
    clear.mutate(
      { ids },
      {
        onSuccess: ({ cleared, notCleared, ...ticket }) => {
          progress.finish(
            notCleared > 0
              ? {
                  kind: "error",
                  title: t`Tasks partially cleared`,
                  description: plural(cleared, {
                    one: `# task cleared, ${notCleared} failed.`,
                    other: `# tasks cleared, ${notCleared} failed.`,
                  }),
                  ...undoable(queryClient, ticket),
                }
              : {
                  kind: "success",
                  title: t`Tasks cleared successfully`,
                  description: plural(cleared, {
                    one: "# task has been cleared from your list.",
                    other: "# tasks have been cleared from your list.",
                  }),
                  ...undoable(queryClient, ticket),
                },
          );
          resetSelection();
        },
        // Nothing changed on a failure, so the selection stays for another try.
        onError: (err) =>
          progress.finish({
            kind: "error",
            title: t`Error clearing tasks`,
            description: failureText(err, t`There was a problem clearing your tasks. Please try again.`),
          }),
      },
    );
  }

  return (
    <section aria-labelledby="no-list-heading" className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <div className="flex items-center gap-3">
          <NoListHeading headingRef={headingRef}>
            <Trans>Daily "No" List Builder</Trans>
          </NoListHeading>
        </div>
        <p className="text-slate-700 dark:text-slate-300">
          <Trans>
            Every yes costs time and attention. Choose what you will deliberately not do today: tick tasks from your
            list or add new ones, say why if it helps, then commit. What you leave out makes room for what matters.
          </Trans>
        </p>
      </header>

      <Card className="space-y-4 p-4 sm:p-6">
        <AddItemForm />
        {noListCount > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700 dark:bg-slate-800 dark:text-slate-200">
            <span>
              <Plural
                value={noListCount}
                one={'# item already on today\'s "No" List.'}
                other={'# items already on today\'s "No" List.'}
              />
            </span>
            <Button variant="ghost" size="sm" onClick={onShowList} className="text-brand-700 dark:text-brand-100">
              <Trans>View today's "No" List</Trans>
            </Button>
          </div>
        ) : null}
      </Card>

      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">
            <Trans>Your current tasks</Trans>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            <Plural value={selectedCount} one="# selected" other="# selected" />
          </p>
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          <Trans>Select the tasks you are saying no to today.</Trans>
        </p>
        {listed.length === 0 ? (
          <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <Trans>
              No current tasks. Add some on the Braindump screen, or add items straight to your "No" List above.
            </Trans>
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {listed.map((task) => (
              <TaskChoice
                key={task.id}
                task={task}
                checked={selected.has(task.id)}
                reason={reasons[task.id] ?? ""}
                onToggle={(checked) => toggle(task.id, checked)}
                onReason={(reason) => setReasons((current) => ({ ...current, [task.id]: reason }))}
                reasonRef={(node) => {
                  if (node) reasonInputs.current.set(task.id, node);
                  else reasonInputs.current.delete(task.id);
                }}
              />
            ))}
          </ul>
        )}
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          aria-disabled={nothingSelected || busy}
          onClick={onClearClick}
          className={softDisabled}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {/* The brief's CLEAR TASKS, cased like every other button (docs/decisions/154-no-list-clear-reads-plainly.md). */}
          <Trans>Clear Tasks</Trans>
        </Button>
        <Button aria-disabled={nothingSelected || busy} onClick={onCommit} className={softDisabled}>
          <ListChecks aria-hidden="true" className="h-4 w-4" />
          {commit.isPending ? <Trans>Committing...</Trans> : <Trans>Commit to "No" List</Trans>}
        </Button>
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t`Clear selected tasks?`}
        description={
          // One sentence that says what clearing does (docs/decisions/154-no-list-clear-reads-plainly.md).
          plural(selectedCount, {
            one: `Are you sure you want to clear # selected task? They will be removed from every list, and you can undo it for ${undoSeconds} seconds.`,
            other: `Are you sure you want to clear # selected tasks? They will be removed from every list, and you can undo it for ${undoSeconds} seconds.`,
          })
        }
        confirmLabel={t`Clear tasks`}
        destructive
        pending={clear.isPending}
        onConfirm={onConfirmClear}
      />
    </section>
  );
}

/** The text input and add button: a new item goes straight onto the "No" List. */
function AddItemForm() {
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const add = useCreateTask();
  const { t } = useLingui();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    if (!hasVisibleCharacter(title)) {
      setError(undefined);
      showError(t`Empty input`, t`Please enter something to add to your No List.`);
      input.current?.focus();
      return;
    }
    const parsed = createTaskSchema.shape.title.safeParse(title);
    if (!parsed.success) {
      setError(textOfIssue(parsed.error.issues[0]?.message));
      input.current?.focus();
      return;
    }
    setError(undefined);
    // A toast's title names its task (docs/decisions/245-toasts-name-their-task.md).
    const name = shortTaskName(parsed.data);
    add.mutate(
      { title: parsed.data, category: "no_list" },
      {
        onSuccess: (answer) => {
          setTitle("");
          // Offline it waits on the device: the brief's words, and that it is not synced yet
          // (docs/decisions/249-small-words-that-tell-the-truth.md).
          const added = t`Added to your No List successfully.`;
          showSuccess(t`Item added: "${name}"`, isQueued(answer) ? `${added} ${keptOnDevice()}` : added);
        },
        onError: () =>
          showError(t`Failed to add task: "${name}"`, t`There was an error adding your task. Please try again.`),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Field label={t`Something you'll say no to today`} error={error}>
        {(props) => (
          <div className="flex gap-2">
            <input
              dir="auto"
              {...props}
              ref={input}
              name="title"
              autoComplete="off"
              // Short enough to show whole beside the Add button on a 360 px phone.
              placeholder={t`e.g. Email before noon`}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              className={inputClasses}
            />
            {/* The visible "Add" starts the accessible name, so voice control finds it either way. */}
            <button
              type="submit"
              aria-label={t`Add to No list`}
              aria-disabled={add.isPending}
              className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white transition-colors hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              <Trans context="the button that adds an item to the No list">Add</Trans>
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}

type TaskChoiceProps = {
  task: Task;
  checked: boolean;
  reason: string;
  onToggle: (checked: boolean) => void;
  onReason: (reason: string) => void;
  reasonRef: Ref<HTMLInputElement>;
};

function TaskChoice({ task, checked, reason, onToggle, onReason, reasonRef }: TaskChoiceProps) {
  const { t } = useLingui();
  const checkboxId = `no-list-task-${task.id}`;
  const title = task.title;
  const count = characterCount(reason);
  const reasonMax = LIMITS.reasonMax;
  const error = checked ? reasonError(reason) : undefined;
  return (
    <li className="py-3">
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={checked}
          onChange={(event) => onToggle(event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
        />
        <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer text-sm font-medium break-words">
          {task.title}
        </label>
        <CategoryBadge category={task.category} isPriority={task.isPriority} />
      </div>
      {checked ? (
        <div className="mt-3 ps-8">
          <Field
            label={
              <Trans>
                Reason<span className="sr-only"> for saying no to {title}</span> (optional)
              </Trans>
            }
            error={error}
            hint={t`${count}/${reasonMax} characters`}
          >
            {(props) => (
              <input
                dir="auto"
                {...props}
                ref={reasonRef}
                value={reason}
                onChange={(event) => onReason(event.target.value)}
                placeholder={t`e.g. It can wait until Friday`}
                className={inputClasses}
              />
            )}
          </Field>
        </div>
      ) : null}
    </li>
  );
}
