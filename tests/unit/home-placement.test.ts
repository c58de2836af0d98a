import { describe, expect, it } from "vitest";
import { chooseHome, type LocationHint, spreadIndex } from "../../worker/db/home-placement";

const HINTS: LocationHint[] = ["weur", "apac"];

const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());

describe("a new person's home database (docs/decisions/271-home-chosen-at-sign-up.md)", () => {
  it("is the database nearest the continent Cloudflare names", () => {
    const id = crypto.randomUUID();
    expect(chooseHome(HINTS, "EU", id)).toBe(0);
    expect(chooseHome(HINTS, "AF", id)).toBe(0);
    expect(chooseHome(HINTS, "OC", id)).toBe(1);
    expect(chooseHome(HINTS, "AS", id)).toBe(1);
    expect(chooseHome(HINTS, "oc", id)).toBe(1);
    // No database in the Americas: the nearest after them, Western Europe.
    expect(chooseHome(HINTS, "NA", id)).toBe(0);
    expect(chooseHome(["weur", "apac", "enam"], "NA", id)).toBe(2);
  });

  it("spreads people evenly over databases with the same hint", () => {
    const hints: LocationHint[] = ["weur", "apac", "weur"];
    const homes = ids(2000).map((id) => chooseHome(hints, "EU", id));
    expect(homes).not.toContain(1);
    const inFirst = homes.filter((home) => home === 0).length;
    expect(inFirst).toBeGreaterThan(850);
    expect(inFirst).toBeLessThan(1150);
  });

  it("spreads people evenly over every database when no continent is known", () => {
    for (const continent of [undefined, "", "T1", "XX"]) {
      const homes = ids(3000).map((id) => chooseHome(["weur", "apac", "enam"], continent, id));
      for (const home of [0, 1, 2]) {
        const share = homes.filter((h) => h === home).length;
        expect(share).toBeGreaterThan(850);
        expect(share).toBeLessThan(1150);
      }
    }
  });

  it("places the same id in the same home every time", () => {
    for (const id of ids(50)) expect(spreadIndex(id, 5)).toBe(spreadIndex(id, 5));
    expect(spreadIndex("00000003-aaaa", 2)).toBe(1);
    expect(spreadIndex("xyz-qrs", 3)).toBe(0);
  });

  it("has nowhere to place anyone without databases", () => {
    expect(() => chooseHome([], "EU", crypto.randomUUID())).toThrow();
  });
});
