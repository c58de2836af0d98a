import { useEffect, useMemo, useState } from "react";
import { zoneOffset, zoneOffsetsInSlices } from "./time-zones";

/**
 * The offset to show beside each zone of the list: the chosen zone's at once, the others once they
 * are worked out after the screen has painted (zoneOffsetsInSlices). Until then a zone shows its
 * name alone (docs/decisions/125-settings-shows-time-zones-once-their.md).
 */
export function useZoneOffsets(zones: readonly string[], chosen: string): (zone: string) => string {
  const [offsets, setOffsets] = useState<ReadonlyMap<string, string> | null>(null);
  useEffect(() => zoneOffsetsInSlices(zones, new Date(), setOffsets), [zones]);
  const chosenOffset = useMemo(() => zoneOffset(chosen, new Date()), [chosen]);
  return (zone) => offsets?.get(zone) ?? (zone === chosen ? chosenOffset : "");
}
