import { useQuery } from "@tanstack/react-query";
import type {
  AccountInfo,
  AccountUpdateInput,
  ChangePasswordInput,
  DeleteAccountInput,
  DeviceSession,
} from "../../shared/schemas/account";
import type { User } from "../../shared/schemas/auth";
import { ApiRequestError, apiHeaders, apiRequest, rememberD1Bookmark } from "./client";
import { queryKeys } from "./query-keys";

/** Whether the account has a password (identity-provider-only accounts may set one). */
export function useAccountInfo() {
  return useQuery<AccountInfo>({ queryKey: queryKeys.account });
}

/** The signed-in devices; refetched whenever the settings screen opens, as other devices come and go. */
export function useDeviceSessions() {
  return useQuery<DeviceSession[]>({ queryKey: queryKeys.accountSessions, staleTime: 0 });
}

export const updateAccount = (input: AccountUpdateInput) => apiRequest<User>("PATCH", "/api/account", input);

export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<{ signedOutSessions: number }>("POST", "/api/account/password", input);

export const signOutDevice = (id: string) => apiRequest("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`);

export const signOutOtherDevices = () => apiRequest<{ signedOutSessions: number }>("DELETE", "/api/account/sessions");

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
