/**
 * The IANA zone this browser runs in, or undefined where the platform does not say. Sent with
 * registration, a provider sign-in and the preferences, so "today" is the person's today.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
