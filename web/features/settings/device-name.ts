export type DeviceKind = "phone" | "tablet" | "computer";

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (userAgent: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** A short, human name for a browser's user agent ("Firefox on Windows"), for the devices list. */
export function describeUserAgent(userAgent: string | null): { name: string; kind: DeviceKind } {
  const ua = userAgent ?? "";
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  const kind: DeviceKind = /\biPad\b|\bTablet\b/.test(ua)
    ? "tablet"
    : /\biPhone\b|\bMobile\b|\bAndroid\b/.test(ua)
      ? "phone"
      : "computer";
  if (browser && system) return { name: `${browser} on ${system}`, kind };
  if (browser || system) return { name: (browser ?? system) as string, kind };
  return { name: ua.trim() ? ua.trim().slice(0, 40) : "Unknown device", kind };
}
