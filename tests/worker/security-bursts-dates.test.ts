import { describe, expect, it } from "vitest";
import { datesBetween, FIRST_DATE, LAST_DATE, MAX_DATES_BETWEEN } from "../../shared/day";
import { api, registerUser } from "./helpers";

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

// docs/decisions/169-dates-in-a-sane-range.md
describe("dates a person can send are in a sane range", () => {
  it("answers 400 at once for dates past the range, while other requests sent with them answer as usual", async () => {
    const { token } = await registerUser();
    const [analytics, history, early, day, health] = await Promise.all([
      api("/api/analytics?startDate=9999-12-31&endDate=9999-12-31", { token }),
      // The history pages by a cursor (an instant and an id), never by a loop over days.
      api("/api/history?cursor=999999999999999.1", { token }),
      api("/api/analytics?startDate=1999-12-31&endDate=2000-01-01", { token }),
      api("/api/day", { token }),
      api("/api/health"),
    ]);
    expect(analytics.status).toBe(400);
    expect(await analytics.text()).toContain(`Dates must be from ${FIRST_DATE} to ${LAST_DATE}.`);
    expect(history.status).toBe(200);
    expect(early.status).toBe(400);
    expect(day.status).toBe(200);
    expect(health.status).toBe(200);
  });

  it("accepts the first and the last date of the range", async () => {
    const { token } = await registerUser();
    const [first, last] = await Promise.all([
      api(`/api/analytics?startDate=${FIRST_DATE}&endDate=${FIRST_DATE}`, { token }),
      api(`/api/analytics?startDate=${LAST_DATE}&endDate=${LAST_DATE}`, { token }),
    ]);
    expect(first.status).toBe(200);
    expect(last.status).toBe(200);
    const past = await api("/api/analytics?startDate=2100-12-31&endDate=2101-01-01", { token });
    expect(past.status).toBe(400);
    expect(await message(past)).toMatch(/query/i);
  });

  it("lists days within a bound fixed before the loop starts, and refuses anything larger", () => {
    expect(datesBetween("9999-12-31", "9999-12-31")).toEqual(["9999-12-31"]);
    expect(() => datesBetween("9999-12-30", "10000-01-02")).toThrow(RangeError);
    expect(() => datesBetween("2000-01-01", "2100-12-31")).toThrow(RangeError);
    expect(datesBetween("2024-01-01", "2024-12-31")).toHaveLength(MAX_DATES_BETWEEN);
    expect(datesBetween("2024-01-02", "2024-01-01")).toEqual([]);
  });
});
