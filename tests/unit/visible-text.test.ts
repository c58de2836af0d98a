import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { taskTitleSchema } from "../../shared/schemas/tasks";
import { splitTasks } from "../../shared/split-tasks";
import { hasVisibleCharacter, NO_VISIBLE_CHARACTER } from "../../shared/visible-text";
import { wordsAsText } from "../../shared/words";

// docs/decisions/126-visible-titles.md: the rule the web forms and the server share.
const INVISIBLE = [
  "\u200B", // zero-width space
  "\u200D\u200C", // zero-width joiner, non-joiner
  " \u2060 ", // word joiner
  "\u00AD", // soft hyphen
  "\uFEFF", // byte-order mark
  "\u200E\u200F", // direction marks
  "\u034F", // combining grapheme joiner
  "\uFE0F", // variation selector
  "\u3164", // Hangul filler
  "\u2800", // blank Braille pattern
  "\u{E0041}", // tag letter
  "\u0007\u001B", // controls
  // docs/decisions/179-small-ones.md
  "\u{1D159}", // musical null notehead
  "\uFFFF", // noncharacter
  "\u{10FFFF}", // noncharacter
  "\u0301", // a combining mark with nothing to sit on
  " \u0301\u0308 ", // combining marks alone
];

describe("hasVisibleCharacter", () => {
  it.each(INVISIBLE.map((text) => [JSON.stringify(text), text]))("%s shows nothing", (_label, text) => {
    expect(hasVisibleCharacter(text)).toBe(false);
  });

  it.each(["a", "\u200Bx", "👩\u200D💻", "e\u0301", "日本", "-", "\u00A0.\u00A0"])("%j shows something", (text) => {
    expect(hasVisibleCharacter(text)).toBe(true);
  });
});

describe("titles and braindump lines use it", () => {
  it("the title schema refuses an invisible title with its own message", () => {
    const result = taskTitleSchema.safeParse("\u200B\u200B");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([NO_VISIBLE_CHARACTER]);
    // A catalog message, said in the shown language by whoever shows it (docs/decisions/397-the-server-speaks-the-person-s-language.md).
    expect(taskTitleSchema.safeParse("").error?.issues.map((issue) => issue.message)).toEqual([
      wordsAsText(msg`A task needs a title.`),
    ]);
  });

  it("a braindump line that shows nothing is no task", () => {
    expect(splitTasks("\u200B;Buy milk\n\u00AD\n \u2060 ")).toEqual(["Buy milk"]);
  });
});
