import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../../web/features/auth/return-to";

describe("safeReturnPath: where signing in may return to", () => {
  it("keeps a path of the app with its query and hash", () => {
    expect(safeReturnPath("/analytics")).toBe("/analytics");
    expect(safeReturnPath("/focus-timer?taskId=12#top")).toBe("/focus-timer?taskId=12#top");
  });

  it("refuses other origins, however they are spelled", () => {
    for (const value of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
  });

  it("refuses the sign-in pages and the API (no loop back into the sign-in flow)", () => {
    for (const value of ["/login", "/register?x=1", "/api/login", "/API/logout", "/Login/"]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
    expect(safeReturnPath("/logins-history")).toBe("/logins-history");
  });
});
