import { useQuery } from "@tanstack/react-query";
import type { PushStatus, PushSubscriptionBody } from "../../shared/schemas/push";
import { apiRequest } from "./client";
import { queryKeys } from "./query-keys";

/** The VAPID key and which devices get pushes; read afresh whenever settings open. */
export function usePushStatus() {
  return useQuery<PushStatus>({ queryKey: queryKeys.push, staleTime: 0 });
}

export const savePushSubscription = (subscription: PushSubscriptionBody) =>
  apiRequest("POST", "/api/push/subscriptions", subscription);

/** Notifications off for this signed-in device. */
export const deletePushSubscriptions = () => apiRequest("DELETE", "/api/push/subscriptions");
