/** "GMT+05:30" for a zone at this instant ("GMT" for UTC itself). */
export function zoneOffset(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at);
    return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

/**
 * Every IANA zone this browser knows, plus UTC and any zone passed in (a stored zone that an
 * older browser does not list must still be selectable), sorted by name.
 */
export function timeZoneOptions(extra: Array<string | undefined>): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  const all = new Set([...zones, "UTC", ...extra.filter((zone): zone is string => Boolean(zone))]);
  return [...all].sort((a, b) => a.localeCompare(b));
}
