import { describe, expect, it } from "vitest";
import { hasRemovedMarker } from "../../shared/constants";

describe("hasRemovedMarker", () => {
  it("finds the exact marker anywhere in a title", () => {
    expect(hasRemovedMarker("[REMOVED] Task 7")).toBe(true);
    expect(hasRemovedMarker("Note [REMOVED] here")).toBe(true);
  });

  it("is case-sensitive and needs the brackets, as the server's SQL (docs/decisions/114-removed-test-per-side-case-sensitive.md)", () => {
    expect(hasRemovedMarker("A [removed] tag")).toBe(false);
    expect(hasRemovedMarker("REMOVED")).toBe(false);
    expect(hasRemovedMarker("")).toBe(false);
  });
});
