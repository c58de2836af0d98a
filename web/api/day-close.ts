import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Day } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import type { Answered } from "../changes/change-kind";
import { closeDay, closeDayChange } from "../changes/close-day";
import { reopenDay, reopenDayChange } from "../changes/reopen-day";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, sendChange } from "./send-change";

// The evening close and its reopen (docs/decisions/291-the-evening-close.md). Each works offline
// through the outbox. Apart from the day's other changes so that only the screens that close a day
// load it.

function showAnswer(queryClient: QueryClient, answered: Answered) {
  if (answered.day) queryClient.setQueryData(queryKeys.day, answered.day);
  const { tasks } = answered;
  if (tasks) queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) => old && tasks(old));
}

type CloseInput = Parameters<typeof closeDayChange>[0];

/** POST /api/day/close: answers the closed day. */
export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.day }),
    mutationFn: (input: CloseInput) => sendChange<Day>(queryClient, closeDayChange(input)),
    onSuccess: (day, input) => {
      if (isQueued(day)) return;
      showAnswer(queryClient, closeDay.answered(day, closeDayChange(input).effect));
    },
    onSettled: (day) => (isQueued(day) ? undefined : void invalidateTaskData(queryClient)),
  });
}

/** DELETE /api/day/close: the day is open again. */
export function useReopenDay() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.day }),
    mutationFn: () => sendChange<Day>(queryClient, reopenDayChange()),
    onSuccess: (day) => (isQueued(day) ? undefined : showAnswer(queryClient, reopenDay.answered(day))),
    onSettled: (day) => (isQueued(day) ? undefined : void invalidateTaskData(queryClient)),
  });
}
