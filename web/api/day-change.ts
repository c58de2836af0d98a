import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Day } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import type { Answered, Change } from "../changes/change-kind";
import type { ChangeIntent } from "../changes/registry";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, sendChange } from "./send-change";

/**
 * A change of the day that answers the day (the plan, "Skip for today", the evening close and its
 * reopen), as a hook. A read of the day already under way is cancelled first: it would answer the
 * day as it was and bring the last screen back for a moment. The answer shows at once, as its kind's
 * module says (`answered`, web/changes/), so the screen leaves without waiting
 * (docs/decisions/134-the-plan-replaces.md); then what follows the tasks is read again. Kept offline,
 * the change already shows (its kind's `showDay`) and nothing is read.
 */
export function useDayChange<Input, Effect extends ChangeIntent>(
  changeOf: (input: Input) => Change<Effect>,
  kind: { answered: (answer: unknown, effect: Effect) => Answered },
) {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.day }),
    mutationFn: (input: Input) => sendChange<Day>(queryClient, changeOf(input)),
    onSuccess: (answer, input) => {
      if (isQueued(answer)) return;
      const { day, tasks } = kind.answered(answer, changeOf(input).effect);
      if (day) queryClient.setQueryData(queryKeys.day, day);
      if (tasks) queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) => old && tasks(old));
    },
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
  });
}
