import { useQuery, useQueryClient } from "@tanstack/react-query";
import { timerSnapshotSchema } from "../../shared/schemas/timer-state";
import { clockOffset } from "../../shared/timer";
import { apiRequest } from "./client";
import { queryKeys } from "./query-keys";
import { newer, type TimerView } from "./timer-cache";

export async function fetchTimer(signal?: AbortSignal): Promise<TimerView> {
  const sentAt = Date.now();
  const snapshot = timerSnapshotSchema.parse(await apiRequest("GET", "/api/timer", undefined, { signal }));
  return { ...snapshot, offsetMs: clockOffset(snapshot.serverNow, sentAt, Date.now()) };
}

export function useTimer() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.timer,
    queryFn: async ({ signal }) =>
      newer(queryClient.getQueryData<TimerView>(queryKeys.timer), await fetchTimer(signal)),
  });
}
