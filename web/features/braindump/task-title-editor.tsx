import { useId, useState } from "react";
import { type Task, taskTitleSchema } from "../../../shared/schemas/tasks";
import { ApiRequestError } from "../../api/client";
import { useUpdateTask } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Input } from "../../ui/field";
import { showSuccess } from "../../ui/toast";

/**
 * Edits a task's title in place (Current Tasks and the board): Enter or Save keeps it, Escape or
 * Cancel leaves it; the title is checked by the same rule as on create, here and on the server.
 */
export function TaskTitleEditor({ task, onClose }: { task: Task; onClose: () => void }) {
  const update = useUpdateTask();
  const [draft, setDraft] = useState(task.title);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  function save() {
    const parsed = taskTitleSchema.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "This title cannot be saved.");
    const title = parsed.data;
    if (title === task.title) return onClose();
    update.mutate(
      { id: task.id, patch: { title } },
      {
        onSuccess: () => {
          showSuccess("Task renamed", `It is now "${title}".`);
          onClose();
        },
        onError: (err) =>
          setError(
            (err instanceof ApiRequestError ? err.serverMessage : undefined) ??
              "The new title could not be saved. Please try again.",
          ),
      },
    );
  }

  return (
    <form
      className="flex min-w-0 flex-1 flex-col gap-1"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-1.5">
        <Input
          aria-label={`New title for ${task.title}`}
          value={draft}
          // Focus moves to the field: the person just asked to edit this title.
          autoFocus
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className="h-9 min-w-0 flex-1 basis-40 py-1 text-sm"
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              onClose();
            }
          }}
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
