import { plural, t } from "@lingui/core/macro";
import type { QueryClient } from "@tanstack/react-query";
import { shortTaskName } from "../ui/task-name";
import { showError, showEverywhere, showSuccess } from "../ui/toast";
import { ApiRequestError } from "./client";
import type { RefusalReason, RefusedChange } from "./outbox-store";
import { invalidateTaskData } from "./refetch-after-change";
import { createTask } from "./task-changes";

// What the outbox says when the server refused changes (web/api/outbox.ts), loaded only then.

/** How long the offer to keep what was written stays, unless closed. */
const KEEP_OFFER_MS = 30_000;

/**
 * Says what the server refused (docs/decisions/246-refused-changes-named-and-kept.md): each change
 * named, with why, in one toast (one at a time: several are said in one), on whatever screen the
 * person is; a title they typed for a task deleted elsewhere is offered back as a new task.
 */
export function sayRefused(queryClient: QueryClient, refused: RefusedChange[]) {
  const [only] = refused;
  if (!only) return;
  const written = refused.flatMap((change) => (change.written ? [change.written] : []));
  const writtenCount = written.length;
  const refusedCount = refused.length;
  const keep =
    written.length === 0
      ? {}
      : {
          action: {
            label: plural(writtenCount, { one: "Keep my title", other: "Keep my titles" }),
            onClick: () => void keepWritten(queryClient, written),
          },
          duration: KEEP_OFFER_MS,
        };
  const offer =
    written.length === 0
      ? ""
      : ` ${plural(writtenCount, { one: "Keep what you wrote as a new task?", other: "Keep what you wrote as new tasks?" })}`;
  if (refused.length === 1) {
    showEverywhere({
      kind: "error",
      title: notSynced(only.label),
      description: `${reasonWords(only.reason)}${offer}`,
      ...keep,
    });
    return;
  }
  showEverywhere({
    kind: "error",
    title: plural(refusedCount, { one: "# change could not be synced", other: "# changes could not be synced" }),
    description: `${refused.map(namedReason).join(" ")}${offer}`,
    ...keep,
  });
}

function notSynced(label: string): string {
  return t`Not synced: ${label}`;
}

/** One refused change among several: its name, then why. */
function namedReason(change: RefusedChange): string {
  const label = change.label;
  const reason = lowerFirst(reasonWords(change.reason));
  return t({ message: `${label}: ${reason}`, context: "a refused change, then why" });
}

/** Why, in the shown language; the server's own message as it said it. */
function reasonWords(reason: RefusalReason): string {
  if (typeof reason === "string") return reason;
  if ("deleted" in reason) return t`It was deleted on another device.`;
  if ("neverSaved" in reason) return t`The task it changes was never saved.`;
  const status = reason.status;
  return t`The server refused it (${status}).`;
}

/** "It was deleted…" → "it was deleted…", after a colon. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The titles typed for tasks deleted elsewhere, kept as new tasks. */
async function keepWritten(queryClient: QueryClient, titles: string[]) {
  try {
    for (const title of titles) await createTask(queryClient, { title });
    const [first] = titles;
    const count = titles.length;
    const task = first === undefined ? "" : shortTaskName(first);
    showSuccess(
      titles.length === 1 && first ? t`Kept: "${task}"` : plural(count, { one: "Kept # task", other: "Kept # tasks" }),
      plural(count, {
        one: "It is a new task in Current Tasks.",
        other: "They are new tasks in Current Tasks.",
      }),
    );
  } catch (err) {
    const count = titles.length;
    showError(
      plural(count, { one: "Could not keep your title", other: "Could not keep your titles" }),
      (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
    );
  }
  await invalidateTaskData(queryClient);
}
