import { describe, expect, it } from "vitest";
import { asksForCapture } from "../../web/api/capture-address";
import { holdsShare, sharedPartsOf, withSharedText } from "../../web/api/shared-text";

describe("text shared from another app (docs/product.md#quick-capture)", () => {
  it("puts the text in the box and offers the title and the link", () => {
    expect(
      sharedPartsOf("?title=Weekend&text=Buy%20milk%0ACall%20the%20plumber&url=https%3A%2F%2Fexample.com%2Flist"),
    ).toEqual({
      text: "Buy milk\nCall the plumber",
      offers: [
        { kind: "title", line: "Weekend" },
        { kind: "link", line: "https://example.com/list" },
      ],
    });
  });

  it("leaves out blank parts and does not offer a link the text already holds", () => {
    expect(
      sharedPartsOf("?title=&text=Read%20https%3A%2F%2Fexample.com%2Fa&url=https%3A%2F%2Fexample.com%2Fa"),
    ).toEqual({ text: "Read https://example.com/a", offers: [] });
    expect(sharedPartsOf("?text=%20%20&title=")).toEqual({ text: null, offers: [] });
    expect(sharedPartsOf("")).toEqual({ text: null, offers: [] });
  });

  it("offers a page shared with only its title and link, putting nothing in the box", () => {
    expect(sharedPartsOf("?title=Recipes&url=https%3A%2F%2Fexample.com%2Fr")).toEqual({
      text: null,
      offers: [
        { kind: "title", line: "Recipes" },
        { kind: "link", line: "https://example.com/r" },
      ],
    });
  });

  it("knows a share or the shortcut from any other address", () => {
    expect(asksForCapture("?add")).toBe(true);
    expect(asksForCapture("?text=x")).toBe(true);
    expect(asksForCapture("?url=")).toBe(true);
    expect(asksForCapture("?taskId=3")).toBe(false);
    expect(asksForCapture("")).toBe(false);
  });

  it("tells a share with something in it from the shortcut", () => {
    expect(holdsShare("?text=Buy%20milk")).toBe(true);
    expect(holdsShare("?title=Weekend")).toBe(true);
    expect(holdsShare("?add")).toBe(false);
    expect(holdsShare("?text=%20")).toBe(false);
  });

  it("adds below what the box holds, on a line of its own", () => {
    expect(withSharedText("", "Buy milk")).toBe("Buy milk");
    expect(withSharedText("   \n", "Buy milk")).toBe("Buy milk");
    expect(withSharedText("Call Sam\n\n", "Buy milk")).toBe("Call Sam\nBuy milk");
  });
});
