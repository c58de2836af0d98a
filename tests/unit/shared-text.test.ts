import { describe, expect, it } from "vitest";
import { asksForCapture, sharedTextOf, withSharedText } from "../../web/features/braindump/shared-text";

describe("text shared from another app (docs/product.md#quick-capture)", () => {
  it("makes one braindump line per part: title, text, link", () => {
    expect(
      sharedTextOf("?title=Weekend&text=Buy%20milk%0ACall%20the%20plumber&url=https%3A%2F%2Fexample.com%2Flist"),
    ).toBe("Weekend\nBuy milk\nCall the plumber\nhttps://example.com/list");
  });

  it("leaves out blank parts and a link the text already holds", () => {
    expect(sharedTextOf("?title=&text=Read%20https%3A%2F%2Fexample.com%2Fa&url=https%3A%2F%2Fexample.com%2Fa")).toBe(
      "Read https://example.com/a",
    );
    expect(sharedTextOf("?text=%20%20&title=")).toBeNull();
    expect(sharedTextOf("")).toBeNull();
  });

  it("knows a share or the shortcut from any other address", () => {
    expect(asksForCapture("?add")).toBe(true);
    expect(asksForCapture("?text=x")).toBe(true);
    expect(asksForCapture("?url=")).toBe(true);
    expect(asksForCapture("?taskId=3")).toBe(false);
    expect(asksForCapture("")).toBe(false);
  });

  it("adds to what the box holds on a line of its own", () => {
    expect(withSharedText("", "Buy milk")).toBe("Buy milk");
    expect(withSharedText("   \n", "Buy milk")).toBe("Buy milk");
    expect(withSharedText("Call Sam\n\n", "Buy milk")).toBe("Call Sam\nBuy milk");
  });
});
