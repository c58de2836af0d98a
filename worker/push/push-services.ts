/**
 * The Web Push services a subscription may name: the Worker sends a push to the endpoint a browser
 * gave, so any other host would make it send requests wherever a client asks
 * (docs/decisions/129-push-service-hosts.md). To support another browser's push service, add its
 * host here (README, "Notifications").
 */
export const PUSH_SERVICE_HOSTS: readonly { host: string; service: string }[] = [
  // Chrome, Edge on Android, Opera, Brave, Samsung Internet: Firebase Cloud Messaging.
  { host: "fcm.googleapis.com", service: "Google (FCM)" },
  { host: "updates.push.services.mozilla.com", service: "Mozilla" },
  // Safari on macOS, iPhone and iPad.
  { host: "web.push.apple.com", service: "Apple" },
];

/** Microsoft's Windows Push Notification Services (Edge on Windows) answers on regional hosts. */
export const PUSH_SERVICE_HOST_SUFFIXES: readonly { suffix: string; service: string }[] = [
  { suffix: ".notify.windows.com", service: "Microsoft (WNS)" },
];

/** An IPv4 address as the URL parser leaves it (it turns 2130706433 and 0x7f.1 into 127.0.0.1), or IPv6. */
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Why this endpoint may not be used, or null when it names a known push service. `testHost` is the
 * loopback stand-in of the worker tests (PUSH_TEST_SERVICE_HOST, bound only in their config).
 */
export function pushEndpointProblem(endpoint: string, testHost?: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The endpoint must be an https URL.";
  }
  if (url.protocol !== "https:") return "The endpoint must be an https URL.";
  if (url.username || url.password) return "The endpoint must not carry a user name or password.";
  if (url.port !== "") return "The endpoint must use the push service's usual port.";
  const host = url.hostname.toLowerCase();
  if (IP_LITERAL.test(host)) return "The endpoint must name a push service, not an address.";
  // ".notify.windows.com" or "a..notify.windows.com" end with a known suffix but name no host.
  if (host.split(".").includes("")) return "The endpoint is not a browser's push service this server knows.";
  const known =
    PUSH_SERVICE_HOSTS.some((entry) => entry.host === host) ||
    PUSH_SERVICE_HOST_SUFFIXES.some((entry) => host.endsWith(entry.suffix)) ||
    (testHost !== undefined && testHost !== "" && host === testHost);
  return known ? null : "The endpoint is not a browser's push service this server knows.";
}
