import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type Task, taskTitleSchema } from "../../../shared/schemas/tasks";
import { ApiRequestError } from "../../api/client";
import { textOfIssue } from "../../api/field-errors";
import { useUpdateTask } from "../../api/task-changes";
import { patchTaskToasts } from "../../changes/patch-task";
import { Button, buttonClasses } from "../../ui/button";
import { cn } from "../../ui/cn";
import { inputClasses } from "../../ui/field";
import { showSuccess } from "../../ui/toast";

/**
 * Edits a task's title in place (Current Tasks and the board): Enter or Save keeps it, Escape or
 * Cancel leaves it; the title is checked by the same rule as on create, here and on the server.
 */
export function TaskTitleEditor({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateTask();
  const [draft, setDraft] = useState(task.title);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // Focus moves to the field, the caret after the title: the person just asked to edit it.
  useEffect(() => {
    const el = field.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // The field grows with the title's lines (its width set by the row, the height by the text).
  // biome-ignore lint/correctness/useExhaustiveDependencies: draft changes the text whose height is measured.
  useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [draft]);

  function save() {
    const parsed = taskTitleSchema.safeParse(draft);
    if (!parsed.success)
      return setError(textOfIssue(parsed.error.issues[0]?.message) ?? t`This title cannot be saved.`);
    const title = parsed.data;
    if (title === task.title) return onClose();
    update.mutate(
      { id: task.id, patch: { title } },
      {
        onSuccess: () => {
          const renamed = patchTaskToasts.renamed(task.title, title);
          showSuccess(renamed.title, renamed.description);
          onClose();
        },
        onError: (err) =>
          setError(
            (err instanceof ApiRequestError ? err.serverMessage : undefined) ??
              t`The new title could not be saved. Please try again.`,
          ),
      },
    );
  }

  const title = task.title;
  return (
    <form
      // Sized by its row, not the screen: in a narrow row (a phone, a board column) the field takes
      // the row's whole width and Save and Cancel go below it, so the whole title shows.
      className="@container flex min-w-0 flex-1 flex-col gap-1"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-1.5">
        {/* A text area as tall as the title, so a long title shows whole instead of its end only;
            Enter still saves (a title is one line). */}
        <textarea
          dir="auto"
          ref={field}
          aria-label={t`New title for ${title}`}
          value={draft}
          rows={1}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClasses, "min-h-9 min-w-0 flex-1 basis-full resize-none py-1.5 @md:basis-40")}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // Enter saves (a title is one line), except while an input method is composing a word.
            if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
            if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              onClose();
            }
          }}
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? t`Saving...` : t`Save`}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose} disabled={update.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        {/* A task that comes back every day is a routine (docs/product.md#routines): made from its row. */}
        {task.routineId === null ? (
          <Link
            to={`/routines?title=${encodeURIComponent(draft.trim() || task.title)}`}
            className={buttonClasses("ghost", "sm")}
          >
            <Trans>Make it a routine</Trans>
          </Link>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
