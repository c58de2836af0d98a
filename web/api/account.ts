import { useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccountInfo,
  AccountUpdateInput,
  ChangePasswordInput,
  DeleteAccountInput,
  DeviceSession,
} from "../../shared/schemas/account";
import type { User } from "../../shared/schemas/auth";
import { invalidateAllAnalytics } from "./analytics";
import { ApiRequestError, apiHeaders, apiRequest, rememberD1Bookmark } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";

/** Whether the account has a password (identity-provider-only accounts may set one). */
export function useAccountInfo() {
  return useQuery<AccountInfo>({ queryKey: queryKeys.account });
}

/** The signed-in devices; refetched whenever the settings screen opens, as other devices come and go. */
export function useDeviceSessions() {
  return useQuery<DeviceSession[]>({ queryKey: queryKeys.accountSessions, staleTime: 0 });
}

/**
 * PATCH /api/account: the saved user goes into the cache at once. A change of the day's settings
 * (start hour, morning nudge) may make today another day, so everything dated by the day is read
 * again; a change of zone makes every cached analytics figure stale.
 */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return async (input: AccountUpdateInput): Promise<User> => {
    const before = queryClient.getQueryData<User | null>(queryKeys.user);
    const saved = await apiRequest<User>("PATCH", "/api/account", input);
    queryClient.setQueryData(queryKeys.user, saved);
    if (
      input.dayStartHour !== undefined ||
      input.planReminder !== undefined ||
      input.dayClose !== undefined ||
      input.usualFocusMinutes !== undefined
    )
      void invalidateTaskData(queryClient);
    else if (before && saved.timeZone !== before.timeZone) void invalidateAllAnalytics(queryClient);
    return saved;
  };
}

/**
 * POST /api/account/password: the other devices are signed out, so the device list is read again;
 * setting a first password (no current one) changes the account's info too.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return async (input: ChangePasswordInput) => {
    const answer = await apiRequest<{ signedOutSessions: number }>("POST", "/api/account/password", input);
    await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    if (input.currentPassword === undefined) await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    return answer;
  };
}

/** DELETE /api/account/sessions/{id} and DELETE /api/account/sessions: the device list is read again, done or not. */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  const thenRefetch = async <T>(request: Promise<T>): Promise<T> => {
    try {
      return await request;
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    }
  };
  return {
    one: (id: string) => thenRefetch(apiRequest("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`)),
    others: () => thenRefetch(apiRequest<{ signedOutSessions: number }>("DELETE", "/api/account/sessions")),
  };
}

export const deleteAccount = (input: DeleteAccountInput) => apiRequest("DELETE", "/api/account", input);

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/**
 * Downloads an export with the bearer token (a plain link would only carry the cookie) and hands
 * it to the browser as a file.
 */
export async function downloadExport(kind: "json" | "csv"): Promise<string> {
  const path = kind === "json" ? "/api/account/export" : "/api/account/export.csv";
  const res = await fetch(path, { credentials: "include", headers: apiHeaders(path) });
  rememberD1Bookmark(res);
  if (!res.ok) throw new ApiRequestError(res.status, await res.text().catch(() => ""), res.statusText);
  const name = fileNameFrom(res.headers.get("Content-Disposition"), `onething-export.${kind}`);
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoking at once can cancel the download in some browsers; a moment later is safe.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
