import { describe, expect, it } from "vitest";
import { addDays, datesBetween, dayOf } from "../../shared/day";
import { isDueOn, nextDueDays, streakOf, weekDayOf, weekStartOf } from "../../shared/routines";
import { type Repeat, repeatSchema } from "../../shared/schemas/routines";
import { repeatWords } from "../../web/features/routines/repeat-words";

/** Every date from `from` to `to`, both included. */
function daysFromTo(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const dueDays = (repeat: Repeat, from: string, to: string, startDay = from) =>
  daysFromTo(from, to).filter((day) => isDueOn(repeat, day, startDay));

describe("the rules over months", () => {
  const from = "2027-12-27";
  const to = "2028-06-04";

  it("every day is every day, and none before the routine's first day", () => {
    expect(dueDays({ every: "day" }, from, to)).toHaveLength(daysFromTo(from, to).length);
    expect(isDueOn({ every: "day" }, "2027-12-26", from)).toBe(false);
  });

  it("every weekday is Monday to Friday, leap day included", () => {
    const days = dueDays({ every: "weekday" }, from, to);
    expect(days.every((day) => !["sat", "sun"].includes(weekDayOf(day)))).toBe(true);
    expect(days).toHaveLength(daysFromTo(from, to).filter((day) => !["sat", "sun"].includes(weekDayOf(day))).length);
    // 2028-02-29 is a Tuesday.
    expect(days).toContain("2028-02-29");
  });

  it("given days of the week are those days, every week", () => {
    const days = dueDays({ every: "week", days: ["mon", "thu"] }, from, to);
    expect(new Set(days.map(weekDayOf))).toEqual(new Set(["mon", "thu"]));
    expect(days.slice(0, 4)).toEqual(["2027-12-27", "2027-12-30", "2028-01-03", "2028-01-06"]);
  });

  it("every N days counts from its first day across month ends and the leap day", () => {
    const days = dueDays({ everyDays: 3 }, "2028-02-24", "2028-03-10");
    expect(days).toEqual(["2028-02-24", "2028-02-27", "2028-03-01", "2028-03-04", "2028-03-07", "2028-03-10"]);
    const everyOther = dueDays({ everyDays: 2 }, "2028-02-27", "2028-03-02");
    expect(everyOther).toEqual(["2028-02-27", "2028-02-29", "2028-03-02"]);
  });

  it("a day of the month: the 29th–31st fall on the month's last day in shorter months", () => {
    const year = ["2028-01-01", "2028-12-31"] as const;
    expect(dueDays({ every: "month", day: 31 }, ...year)).toEqual([
      "2028-01-31",
      "2028-02-29",
      "2028-03-31",
      "2028-04-30",
      "2028-05-31",
      "2028-06-30",
      "2028-07-31",
      "2028-08-31",
      "2028-09-30",
      "2028-10-31",
      "2028-11-30",
      "2028-12-31",
    ]);
    expect(dueDays({ every: "month", day: 30 }, "2027-01-01", "2027-04-30")).toEqual([
      "2027-01-30",
      "2027-02-28",
      "2027-03-30",
      "2027-04-30",
    ]);
    expect(dueDays({ every: "month", day: 29 }, "2027-02-01", "2028-03-31").filter((d) => d.includes("-02-"))).toEqual([
      "2027-02-28",
      "2028-02-29",
    ]);
    expect(dueDays({ every: "month", day: 1 }, ...year)).toHaveLength(12);
  });

  it("N times a week is due every day until done N times that week", () => {
    const repeat: Repeat = { timesPerWeek: 3 };
    expect(isDueOn(repeat, "2028-01-05", "2028-01-01", 0)).toBe(true);
    expect(isDueOn(repeat, "2028-01-05", "2028-01-01", 2)).toBe(true);
    expect(isDueOn(repeat, "2028-01-05", "2028-01-01", 3)).toBe(false);
    expect(nextDueDays(repeat, "2028-01-05", "2028-01-01")).toEqual([]);
  });

  it("weeks run Monday to Sunday", () => {
    expect(weekStartOf("2028-03-05")).toBe("2028-02-28"); // a Sunday
    expect(weekStartOf("2028-02-28")).toBe("2028-02-28");
    expect(weekStartOf("2028-03-01")).toBe("2028-02-28");
  });

  it("shows the next days after today", () => {
    expect(nextDueDays({ every: "month", day: 31 }, "2028-01-31", "2028-01-01", 3)).toEqual([
      "2028-02-29",
      "2028-03-31",
      "2028-04-30",
    ]);
    expect(nextDueDays({ every: "weekday" }, "2028-01-07", "2028-01-01", 2)).toEqual(["2028-01-10", "2028-01-11"]);
  });
});

describe("the rules in every zone, on daylight-saving days", () => {
  // The person's days as their clock passes through a month: every date comes once, none is lost
  // or doubled, so a rule over dates gives each due day once whatever the zone.
  const zones = [
    "Etc/GMT+12",
    "Pacific/Pago_Pago",
    "America/New_York",
    "Europe/Berlin",
    "UTC",
    "Asia/Kathmandu",
    "Australia/Lord_Howe",
    "Pacific/Kiritimati",
  ];
  for (const zone of zones) {
    it(`${zone}: the spring and autumn changes lose and double no day`, () => {
      for (const [start, end] of [
        ["2027-03-01T00:00:00Z", "2027-04-10T00:00:00Z"],
        ["2027-10-20T00:00:00Z", "2027-11-15T00:00:00Z"],
      ] as const) {
        const seen = new Set<string>();
        for (let at = Date.parse(start); at < Date.parse(end); at += 15 * 60_000) {
          for (const startHour of [0, 2, 4]) seen.add(`${startHour} ${dayOf(new Date(at), zone, startHour)}`);
        }
        for (const startHour of [0, 2, 4]) {
          const days = [...seen].filter((key) => key.startsWith(`${startHour} `)).map((key) => key.slice(2));
          const sorted = days.sort();
          expect(sorted).toEqual(datesBetween(sorted[0] as string, sorted.at(-1) as string));
        }
      }
    });
  }
});

describe("streaks", () => {
  const daily: Repeat = { every: "day" };
  it("count consecutive due days done; skipped and paused days neither count nor break; a missed day breaks", () => {
    const days = [
      { date: "2028-01-01", state: "done" as const },
      { date: "2028-01-02", state: "done" as const },
      { date: "2028-01-03", state: "missed" as const },
      { date: "2028-01-04", state: "done" as const },
      { date: "2028-01-05", state: "skipped" as const },
      { date: "2028-01-06", state: "paused" as const },
      { date: "2028-01-07", state: "done" as const },
      { date: "2028-01-08", state: "done" as const },
      { date: "2028-01-09", state: "open" as const },
    ];
    expect(streakOf(daily, days, "2028-01-09")).toEqual({ current: 3, best: 3 });
    expect(streakOf(daily, days.slice(0, 3), "2028-01-04")).toEqual({ current: 0, best: 2 });
  });

  it("N times a week counts weeks that reached N; the current week breaks nothing until it ends", () => {
    const repeat: Repeat = { timesPerWeek: 2 };
    const days = [
      // Week of 2028-01-03: done twice.
      { date: "2028-01-03", state: "done" as const },
      { date: "2028-01-04", state: "missed" as const },
      { date: "2028-01-05", state: "done" as const },
      // Week of 2028-01-10: done twice, on the weekend.
      { date: "2028-01-10", state: "missed" as const },
      { date: "2028-01-15", state: "done" as const },
      { date: "2028-01-16", state: "done" as const },
      // This week: once so far.
      { date: "2028-01-17", state: "done" as const },
      { date: "2028-01-18", state: "open" as const },
    ];
    expect(streakOf(repeat, days, "2028-01-18")).toEqual({ current: 2, best: 2 });
    // Once the week ends short of two, it breaks.
    expect(streakOf(repeat, [...days, { date: "2028-01-23", state: "missed" }], "2028-01-24")).toEqual({
      current: 0,
      best: 2,
    });
    // A week paused whole breaks nothing.
    const paused = [
      ...days.slice(0, 6),
      ...daysFromTo("2028-01-17", "2028-01-23").map((date) => ({ date, state: "paused" as const })),
      { date: "2028-01-24", state: "done" as const },
      { date: "2028-01-25", state: "done" as const },
    ];
    expect(streakOf(repeat, paused, "2028-01-26")).toEqual({ current: 3, best: 3 });
  });
});

describe("the rule's shape", () => {
  it("takes each rule of the API", () => {
    for (const repeat of [
      { every: "day" },
      { every: "weekday" },
      { every: "week", days: ["mon", "thu"] },
      { everyDays: 3 },
      { every: "month", day: 31 },
      { timesPerWeek: 3 },
    ]) {
      expect(repeatSchema.safeParse(repeat).success).toBe(true);
    }
  });

  it("refuses an unknown rule, an empty day list and N outside its range", () => {
    for (const repeat of [
      { every: "year" },
      {},
      { every: "week", days: [] },
      { every: "week", days: ["mon", "mon"] },
      { every: "week", days: ["funday"] },
      { everyDays: 1 },
      { everyDays: 366 },
      { everyDays: 2.5 },
      { every: "month", day: 0 },
      { every: "month", day: 32 },
      { timesPerWeek: 0 },
      { timesPerWeek: 7 },
      { every: "day", extra: 1 },
    ]) {
      expect(repeatSchema.safeParse(repeat).success, JSON.stringify(repeat)).toBe(false);
    }
  });

  it("says each rule in words", () => {
    expect(repeatWords({ every: "day" })).toBe("Every day");
    expect(repeatWords({ every: "weekday" })).toBe("Every weekday");
    expect(repeatWords({ every: "week", days: ["thu", "mon"] })).toBe("Every Mon, Thu");
    expect(repeatWords({ everyDays: 3 })).toBe("Every 3 days");
    expect(repeatWords({ every: "month", day: 1 })).toBe("Monthly on the 1st");
    expect(repeatWords({ every: "month", day: 31 })).toBe("Monthly on the 31st (or the month's last day)");
    expect(repeatWords({ timesPerWeek: 3 })).toBe("3 times a week");
  });
});
