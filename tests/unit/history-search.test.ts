import { describe, expect, it } from "vitest";
import type { HistoryDay, HistoryTask } from "../../shared/schemas/day";
import { doneDayLine, doneDays, searchWords } from "../../web/features/done/history-search";
import { task } from "./task-fixture";

const done = (id: number, completedDay: string, fields: Partial<HistoryTask> = {}): HistoryTask => ({
  ...task(id, { isCompleted: true, ...fields }),
  completedDay,
});

const figures: HistoryDay[] = [
  { date: "2026-03-02", tasksCompleted: 3, focusSessionsCompleted: 1, focusMinutes: 25 },
  { date: "2026-03-01", tasksCompleted: 1, focusSessionsCompleted: 0, focusMinutes: 0 },
  { date: "2026-02-27", tasksCompleted: 0, focusSessionsCompleted: 2, focusMinutes: 50 },
];
const loaded = [
  done(1, "2026-03-02", { title: "Send the quarterly report to Sam" }),
  done(2, "2026-03-02", { title: "Book the dentist" }),
  done(4, "2026-03-02", { title: "Water the plants" }),
  done(3, "2026-03-01", { title: "Draft the report outline", description: "For the QUARTERLY review" }),
];

describe("finding a finished task by its words", () => {
  it("splits the search into lower-case words", () => {
    expect(searchWords("  Quarterly   REPORT ")).toEqual(["quarterly", "report"]);
  });

  it("keeps the tasks holding every word, in any order and case; days left empty drop out; counts stay the day's", () => {
    expect(
      doneDays(figures, loaded, true, "report quarterly").map((d) => [
        d.date,
        d.tasksCompleted,
        d.tasks.map((t) => t.id),
      ]),
    ).toEqual([
      ["2026-03-02", 3, [1]],
      ["2026-03-01", 1, [3]],
    ]);
    expect(doneDays(figures, loaded, true, "dentist").map((d) => d.date)).toEqual(["2026-03-02"]);
    expect(doneDays(figures, loaded, true, "dentist report")).toEqual([]);
  });

  it("shows every day with its record's figures without a search, focus-only days too", () => {
    expect(doneDays(figures, loaded, true, "  ").map((d) => [d.date, d.tasksCompleted, d.tasks.length])).toEqual([
      ["2026-03-02", 3, 3],
      ["2026-03-01", 1, 1],
      ["2026-02-27", 0, 0],
    ]);
  });
});

describe("the history's pages", () => {
  it("hold back the days older than the oldest task loaded while earlier pages remain", () => {
    expect(doneDays(figures, loaded.slice(0, 3), false, "").map((d) => d.date)).toEqual(["2026-03-02"]);
    expect(doneDays(figures, [], false, "")).toEqual([]);
  });

  it("say the rows of a day whose record counts fewer (finishes stored before day stamps)", () => {
    expect(doneDays([], loaded, true, "")[0]).toMatchObject({ date: "2026-03-02", tasksCompleted: 3 });
  });
});

// docs/decisions/247-done-day-counts-its-deleted.md: a day's header and its list agree.
describe("finishes made by deleting", () => {
  const sevenDone: HistoryDay[] = [
    { date: "2026-03-02", tasksCompleted: 7, focusSessionsCompleted: 1, focusMinutes: 5 },
  ];
  const fourRows = [1, 2, 3, 4].map((id) => done(id, "2026-03-02"));

  it("are said in the day's line when all its rows are loaded: 7 done, 3 of them deleted", () => {
    const [day] = doneDays(sevenDone, fourRows, true, "");
    expect(day?.deleted).toBe(3);
    expect(day && doneDayLine(day, false)).toBe("7 done, 3 of them deleted · 5 focus minutes");
  });

  it("are not guessed while the day's earlier rows may be on a page not read yet", () => {
    const [day] = doneDays(sevenDone, fourRows, false, "");
    expect(day?.deleted).toBe(0);
    expect(day && doneDayLine(day, false)).toBe("7 done · 5 focus minutes");
  });

  it("leave a day with nothing deleted as it was, and a search says what it shows", () => {
    const [day] = doneDays(figures, loaded, true, "dentist");
    expect(day && doneDayLine(day, true)).toBe("3 done · 25 focus minutes · 1 of 3 shown");
    const [one] = doneDays(
      [{ ...sevenDone[0], tasksCompleted: 1, focusMinutes: 1 } as HistoryDay],
      [done(1, "2026-03-02")],
      true,
      "",
    );
    expect(one && doneDayLine(one, false)).toBe("1 done · 1 focus minute");
  });
});
