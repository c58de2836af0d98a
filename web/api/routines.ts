import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateRoutineInput,
  ImportRoutinesAnswer,
  ImportRoutinesInput,
  PatchRoutineInput,
  Routine,
} from "../../shared/schemas/routines";
import {
  addRoutineChange,
  importRoutinesChange,
  patchRoutineChange,
  removeRoutineChange,
  skipRoutineChange,
} from "../changes/routine-change";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, type QueuedChange, sendChange } from "./send-change";

// Routines (docs/product.md#routines): the list, and its changes, each sent through the one change
// path (web/api/send-change.ts) so it works offline. Loaded with the screens that show routines,
// never with the first screen.

export function useRoutines() {
  return useQuery<Routine[]>({ queryKey: queryKeys.routines });
}

/** The routine as its answer says, in the cached list at once (before the refetch). */
function showRoutine(queryClient: QueryClient, answer: Routine | QueuedChange | null) {
  if (!answer || isQueued(answer)) return;
  queryClient.setQueryData<Routine[]>(queryKeys.routines, (old) => {
    if (!old) return old;
    return old.some((routine) => routine.id === answer.id)
      ? old.map((routine) => (routine.id === answer.id ? answer : routine))
      : [...old, answer];
  });
}

function useRoutineMutation<V>(
  send: (queryClient: QueryClient, variables: V) => Promise<Routine | QueuedChange | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => send(queryClient, variables),
    onSuccess: (answer) => showRoutine(queryClient, answer),
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
  });
}

export function useCreateRoutine() {
  return useRoutineMutation((queryClient, input: CreateRoutineInput) =>
    sendChange<Routine>(queryClient, addRoutineChange(input)),
  );
}

export function usePatchRoutine() {
  return useRoutineMutation(
    (queryClient, { routine, patch }: { routine: Pick<Routine, "id" | "title">; patch: PatchRoutineInput }) =>
      sendChange<Routine>(queryClient, patchRoutineChange(routine.id, routine.title, patch)),
  );
}

export function useSkipRoutine() {
  return useRoutineMutation(
    (queryClient, { routine, reason }: { routine: Pick<Routine, "id" | "title">; reason: string | null }) =>
      sendChange<Routine>(queryClient, skipRoutineChange(routine.id, routine.title, reason)),
  );
}

export function useDeleteRoutine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (routine: Pick<Routine, "id" | "title">) => {
      const answer = await sendChange<null>(queryClient, removeRoutineChange(routine.id, routine.title));
      queryClient.setQueryData<Routine[]>(queryKeys.routines, (old) => old?.filter((other) => other.id !== routine.id));
      return answer;
    },
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
  });
}

/** Routines of an export file (docs/decisions/301-routines-imported-from-an-export.md); waits in the outbox offline. */
export function useImportRoutines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportRoutinesInput) =>
      sendChange<ImportRoutinesAnswer>(queryClient, importRoutinesChange(input)),
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
  });
}
