import { i18n } from "@lingui/core";

/** "GMT+05:30" for a zone at this instant ("GMT" for UTC itself), written as the shown language writes it. */
export function zoneOffset(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat(i18n.locale, { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(
      at,
    );
    return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

/** "America/New York (GMT-05:00)": the zone's name as people read it, with its offset when known. */
export function zoneLabel(zone: string, offset: string): string {
  const name = zone.replaceAll("_", " ");
  return offset ? `${name} (${offset})` : name;
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

/** How long one slice of offsets may hold the main thread (a phone's frame is 16 ms). */
const OFFSET_SLICE_MS = 8;

/**
 * The offsets of many zones (one Intl formatter each: about 420 zones, a long task on a phone),
 * worked out a slice at a time, with the page free to paint and answer between slices; `done` gets
 * them all at once. Answers a function that stops the work.
 */
export function zoneOffsetsInSlices(
  zones: readonly string[],
  at: Date,
  done: (offsets: ReadonlyMap<string, string>) => void,
  clock: { now: () => number; later: (work: () => void) => ReturnType<typeof setTimeout> } = {
    now: () => performance.now(),
    later: (work) => setTimeout(work, 0),
  },
): () => void {
  const offsets = new Map<string, string>();
  let next = 0;
  let timer = clock.later(slice);
  function slice() {
    const until = clock.now() + OFFSET_SLICE_MS;
    do {
      const zone = zones[next++];
      if (zone !== undefined) offsets.set(zone, zoneOffset(zone, at));
    } while (next < zones.length && clock.now() < until);
    if (next < zones.length) timer = clock.later(slice);
    else done(offsets);
  }
  return () => clearTimeout(timer);
}
