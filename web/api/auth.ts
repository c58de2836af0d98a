import { i18n } from "@lingui/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isLanguage } from "../../shared/languages";
import type { AuthProviders, AuthResponse, LoginInput, RegisterInput, User } from "../../shared/schemas/auth";
import { forgetStep } from "./braindump-step";
import { apiRequest, getQueryFn, setAuthToken } from "./client";
import { closeLiveSync } from "./live-channel";
import { queryKeys } from "./query-keys";
import { forgetPersistedQueries } from "./query-persistence";

/** docs/product.md#signing-in-and-access: signed in means the auth-user call returned data; that call is not retried. */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: queryKeys.user,
    queryFn: getQueryFn<User>({ on401: "returnNull" }),
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: Boolean(query.data) };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return (response: AuthResponse) => {
    setAuthToken(response.token);
    queryClient.clear();
    queryClient.setQueryData(queryKeys.user, response.user);
  };
}

export const login = (input: LoginInput) => apiRequest<AuthResponse>("POST", "/api/auth/login", input);
/** The account keeps the language the person registered in (docs/product.md#your-language). */
export const register = (input: RegisterInput) =>
  apiRequest<AuthResponse>("POST", "/api/auth/register", {
    ...(isLanguage(i18n.locale) ? { language: i18n.locale } : {}),
    ...input,
  });

/**
 * Revokes the session server-side with the bearer token (the page navigation to /api/logout only
 * carries the cookie), forgets the token, then navigates (docs/product.md#signing-in-and-access).
 */
export async function logout() {
  closeLiveSync();
  try {
    await apiRequest("POST", "/api/auth/logout", undefined, { keepalive: true });
  } catch {
    // Already signed out or offline: /api/logout still clears the cookie.
  }
  setAuthToken(null);
  forgetPersistedQueries();
  // The next sign-in starts at the braindump's start (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md).
  forgetStep();
  window.location.assign("/api/logout");
}

/** GET /api/auth/providers: which sign-in methods the server offers; it only changes with a redeploy. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ["/api/auth/providers"] as const,
    queryFn: getQueryFn<AuthProviders>({ on401: "throw" }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
