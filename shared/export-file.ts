import type { ImportRoutinesInput } from "./schemas/routines";

/*
 * The account export's file (GET /api/account/export, its fields in worker/account/export.ts) as
 * the import reads it back: which file it is, and its routines in the shape of
 * POST /api/routines/import (docs/decisions/301-routines-imported-from-an-export.md). Only the
 * shape is looked at here; the server checks every routine by the same rules as one made by hand.
 */

/** The export's `format` and `version`. */
export const EXPORT_FORMAT = "onething-export";
export const EXPORT_VERSION = 1;

export type ExportedRoutines = { ok: true; input: ImportRoutinesInput } | { ok: false; reason: string };

const NOT_AN_EXPORT = "This is not an Onething export: choose the JSON file that \u201cExport my data\u201d saved.";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The routines of an export file's text, or why there are none to import. */
export function routinesOfExportFile(text: string): ExportedRoutines {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: NOT_AN_EXPORT };
  }
  if (!isRecord(data) || data.format !== EXPORT_FORMAT) return { ok: false, reason: NOT_AN_EXPORT };
  if (typeof data.version !== "number" || data.version > EXPORT_VERSION)
    return { ok: false, reason: "This export was made by a newer Onething: reload the app and try again." };
  const routines = Array.isArray(data.routines) ? data.routines.filter(isRecord) : [];
  if (routines.length === 0) return { ok: false, reason: "This export has no routines." };
  return {
    ok: true,
    input: {
      routines: routines.map((routine) => ({
        title: routine.title as string,
        repeat: routine.repeat as ImportRoutinesInput["routines"][number]["repeat"],
        paused: routine.paused === true,
        ...(typeof routine.startDay === "string" ? { startDay: routine.startDay } : {}),
      })),
    },
  };
}
