import { describe, expect, it } from "vitest";
import { activeTab } from "../../web/shell/nav-tabs";

describe("activeTab", () => {
  it.each([
    ["/", "/"],
    ["/focus-timer", "/focus-timer"],
    ["/no-list", "/no-list"],
    ["/analytics", "/analytics"],
    ["/routines", "/routines"],
    ["/done", "/done"],
    ["/settings", "/"],
    ["/braindump", "/"],
    ["/focus-timerx", "/"],
  ])("highlights the right tab for %s", (path, tab) => {
    expect(activeTab(path)).toBe(tab);
  });
});
