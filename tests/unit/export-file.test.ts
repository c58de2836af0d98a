import { describe, expect, it } from "vitest";
import { routinesOfExportFile } from "../../shared/export-file";

// The import reads an export file back (shared/export-file.ts): which file it is, and its routines
// in the shape of POST /api/routines/import, their kept days and ids left behind.

const exportOf = (fields: Record<string, unknown>) =>
  JSON.stringify({ format: "onething-export", version: 1, exportedAt: "2027-06-07T10:00:00.000Z", ...fields });

describe("routinesOfExportFile", () => {
  it("takes each routine's title, rule, pause and first day, nothing else", () => {
    const text = exportOf({
      tasks: [{ id: 1, title: "Buy milk" }],
      routines: [
        {
          id: 7,
          title: "Stretch",
          repeat: { everyDays: 3 },
          paused: false,
          startDay: "2027-06-01",
          createdAt: "2027-06-01T10:00:00.000Z",
          days: [{ date: "2027-06-01", state: "done", reason: null }],
        },
        { id: 8, title: "Take the medicine", repeat: { every: "day" }, paused: true },
      ],
    });
    expect(routinesOfExportFile(text)).toEqual({
      ok: true,
      input: {
        routines: [
          { title: "Stretch", repeat: { everyDays: 3 }, paused: false, startDay: "2027-06-01" },
          { title: "Take the medicine", repeat: { every: "day" }, paused: true },
        ],
      },
    });
  });

  it("says why when the file is not an export, is from a newer app, or has no routines", () => {
    const notAnExport = "This is not an Onething export: choose the JSON file that \u201cExport my data\u201d saved.";
    expect(routinesOfExportFile("title,description\nBuy milk,")).toEqual({ ok: false, reason: notAnExport });
    expect(routinesOfExportFile(JSON.stringify([{ title: "Stretch" }]))).toEqual({ ok: false, reason: notAnExport });
    expect(routinesOfExportFile(JSON.stringify({ format: "todoist", routines: [] }))).toEqual({
      ok: false,
      reason: notAnExport,
    });
    expect(routinesOfExportFile(exportOf({ version: 2, routines: [{ title: "Stretch" }] }))).toEqual({
      ok: false,
      reason: "This export was made by a newer Onething: reload the app and try again.",
    });
    expect(routinesOfExportFile(exportOf({ routines: [] }))).toEqual({
      ok: false,
      reason: "This export has no routines.",
    });
    expect(routinesOfExportFile(exportOf({}))).toEqual({ ok: false, reason: "This export has no routines." });
  });
});
