import { describe, expect, it } from "vitest";
import { zeroRecord } from "../../shared/analytics";
import type { ApiAnalyticsRecord } from "../../shared/schemas/analytics";
import { fromApiRecord } from "../../web/api/analytics";

const onWire = (categoryBreakdown: string): ApiAnalyticsRecord => ({
  ...zeroRecord("u1", "2026-03-10"),
  categoryBreakdown,
});

describe("fromApiRecord: the breakdown arrives as JSON text (docs/product.md#daily-analytics-record)", () => {
  it("parses the counts", () => {
    const record = fromApiRecord(onWire('{"urgent":2,"later":1,"delegate":0,"no_list":3}'));
    expect(record.categoryBreakdown).toEqual({ urgent: 2, later: 1, delegate: 0, no_list: 3 });
    expect(record.date).toBe("2026-03-10");
  });

  it.each(["not json", '{"urgent":"many"}', "[]", ""])("reads %j as zeros instead of failing", (text) => {
    expect(fromApiRecord(onWire(text)).categoryBreakdown).toEqual({ urgent: 0, later: 0, delegate: 0, no_list: 0 });
  });
});
