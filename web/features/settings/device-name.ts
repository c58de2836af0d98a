import { t } from "@lingui/core/macro";

export type DeviceKind = "phone" | "tablet" | "computer";

/** Browsers and systems by their own names, the same in every language; the first that matches names it. */
const BROWSERS = Object.entries({
  Edge: /\bEdg(?:e|A|iOS)?\//,
  Opera: /\b(?:OPR|Opera)\//,
  "Samsung Internet": /\bSamsungBrowser\//,
  Firefox: /\b(?:Firefox|FxiOS)\//,
  Chrome: /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//,
  Safari: /\bVersion\/[\d.]+.*\bSafari\//,
});

const SYSTEMS = Object.entries({
  iPhone: /\biPhone\b/,
  iPad: /\biPad\b/,
  Android: /\bAndroid\b/,
  ChromeOS: /\bCrOS\b/,
  Windows: /\bWindows\b/,
  macOS: /\bMac OS X\b|\bMacintosh\b/,
  Linux: /\bLinux\b/,
});

const first = (userAgent: string, table: [string, RegExp][]) =>
  table.find(([, pattern]) => pattern.test(userAgent))?.[0];

/** A short, human name for a browser's user agent ("Firefox on Windows"), for the devices list, in the shown language. */
export function describeUserAgent(userAgent: string | null): { name: string; kind: DeviceKind } {
  const ua = userAgent ?? "";
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  const kind: DeviceKind = /\biPad\b|\bTablet\b/.test(ua)
    ? "tablet"
    : /\biPhone\b|\bMobile\b|\bAndroid\b/.test(ua)
      ? "phone"
      : "computer";
  if (browser && system) return { name: t`${browser} on ${system}`, kind };
  if (browser || system) return { name: (browser ?? system) as string, kind };
  return { name: ua.trim() ? ua.trim().slice(0, 40) : t`Unknown device`, kind };
}

type NamedDevice = { id: string; userAgent: string | null; createdAt: string };

/**
 * The name each device row shows. Devices that would share a name ("Chrome on Linux" three times)
 * are numbered in the order they signed in: "Chrome on Linux (1)", "(2)", "(3)", so each row, and
 * each Sign out button, names one device (docs/decisions/153-everyday-details.md).
 */
export function deviceNames(devices: readonly NamedDevice[]): Map<string, string> {
  const byName = new Map<string, NamedDevice[]>();
  for (const device of devices) {
    const { name } = describeUserAgent(device.userAgent);
    byName.set(name, [...(byName.get(name) ?? []), device]);
  }
  const names = new Map<string, string>();
  for (const [name, group] of byName) {
    const bySignIn = [...group].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    bySignIn.forEach((device, index) => {
      names.set(device.id, group.length === 1 ? name : `${name} (${index + 1})`);
    });
  }
  return names;
}
