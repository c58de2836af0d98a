import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { User } from "../../shared/schemas/auth";
import type { Day, HistoryPage } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { type ChangeIntent, withDayEffect, withHistoryEffect, withTaskEffect } from "../changes/registry";
import { isUnsynced, type ShownTask } from "../changes/shown-task";
import { queryKeys } from "./query-keys";
import { todayOf } from "./today";

// A change shown at once while it is sent, before its answer (web/api/send-change.ts `atOnce`): by
// its kind's own step, the one that shows it while it waits offline, so the screen writes it once
// and in one way (docs/decisions/394-a-done-is-shown-once.md). Loaded with the first such press.

/** A task the step marked: sent, not kept on this device, so not "Not synced". */
function asSent(task: Task, before: ReadonlyMap<number, Task>): Task {
  const was = before.get(task.id);
  if (!isUnsynced(task) || (was && isUnsynced(was))) return task;
  const { unsynced: _, ...sent } = task as ShownTask;
  return sent;
}

/** Shows `effect` over the cached tasks, the day and the history. */
export async function showSentChange(queryClient: QueryClient, effect: ChangeIntent): Promise<void> {
  // Tasks made here have no ids before the answer, which shows them.
  if (effect.kind === "addTasks") return;
  // A read under way would answer the tasks as they were and take the change off the screen.
  await queryClient.cancelQueries({ queryKey: queryKeys.tasks });
  const day = queryClient.getQueryData<Day>(queryKeys.day);
  const today = todayOf(day?.date, queryClient.getQueryData<User | null>(queryKeys.user));
  queryClient.setQueryData<Task[]>(queryKeys.tasks, (tasks) => {
    if (!tasks) return tasks;
    const before = new Map(tasks.map((task) => [task.id, task]));
    return withTaskEffect(tasks, effect, today).map((task) => asSent(task, before));
  });
  queryClient.setQueryData<Day>(queryKeys.day, (shown) => shown && withDayEffect(shown, effect));
  queryClient.setQueryData<InfiniteData<HistoryPage>>(
    queryKeys.history,
    (history) => history && withHistoryEffect(history, effect),
  );
}
