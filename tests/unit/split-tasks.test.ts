import { describe, expect, it } from "vitest";
import { dedupeTitles, splitTasks, withoutExisting } from "../../shared/split-tasks";

describe("splitTasks (docs/product.md#input-step)", () => {
  it.each<[string, string[]]>([
    ["", []],
    ["   \n\t ; ;; \r\n", []],
    ["one", ["one"]],
    ["one;two", ["one", "two"]],
    ["one\ntwo", ["one", "two"]],
    ["  one ;\n\n two  \r\nthree;", ["one", "two", "three"]],
    ["a; b\r\nc\rd", ["a", "b", "c", "d"]],
    ["Buy milk, eggs and bread", ["Buy milk, eggs and bread"]],
  ])("%j → %j", (text, items) => {
    expect(splitTasks(text)).toEqual(items);
  });
});

describe("dedupeTitles", () => {
  it("keeps the first of each case-insensitive duplicate in order", () => {
    expect(dedupeTitles(["Buy milk", "Call Anna", "buy MILK", "BUY milk", "call anna", "Ünï", "üNÏ"])).toEqual({
      unique: ["Buy milk", "Call Anna", "Ünï"],
      removed: 4,
    });
  });

  it("reports nothing removed for distinct titles", () => {
    expect(dedupeTitles(["a", "b"])).toEqual({ unique: ["a", "b"], removed: 0 });
  });
});

describe("withoutExisting", () => {
  it("drops titles matching an existing title case-insensitively", () => {
    expect(withoutExisting(["Pay rent", "walk DOG", "New"], ["pay RENT", "Walk dog"])).toEqual({
      fresh: ["New"],
      dropped: 2,
    });
  });

  it("keeps everything when nothing exists", () => {
    expect(withoutExisting(["a"], [])).toEqual({ fresh: ["a"], dropped: 0 });
  });
});
