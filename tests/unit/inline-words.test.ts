import { describe, expect, it } from "vitest";
import { inlineWords } from "../../scripts/inline-words";

const found = (code: string) => inlineWords("web/example.tsx", code).map((words) => words.text);

describe("inlineWords", () => {
  it("reads the strings of a message macro's call as the message, not as inline words", () => {
    expect(found('const a = plural(n, { one: "At least # character.", other: "At least # characters." });')).toEqual(
      [],
    );
    expect(found('const b = t({ message: "Light", context: "the theme" });')).toEqual([]);
    expect(found('const c = msg({ message: "Dark", context: "the theme" });')).toEqual([]);
    expect(found('const d = <Plural value={n} one="One task left" other="# tasks left" />;')).toEqual([]);
  });

  it("still finds words outside them", () => {
    expect(found('const e = { label: "Save your day" };')).toEqual(["Save your day"]);
    expect(found('const f = show("Could not save", plural(n, { one: "# task", other: "# tasks" }));')).toEqual([
      "Could not save",
    ]);
  });
});
