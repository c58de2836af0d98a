import { describe, expect, it } from "vitest";
import { LIMITS } from "../../shared/constants";
import { dayCloseSchema } from "../../shared/schemas/day-close";
import { createTaskSchema, taskTitleSchema } from "../../shared/schemas/tasks";
import { firstTooLongTitle } from "../../shared/split-tasks";
import { characterCount, firstCharacters, fitsLength } from "../../shared/text-length";
import { shortTaskName } from "../../web/ui/task-name";
import { keptWithin } from "../../web/ui/text-limit";

// One count for every length (docs/decisions/322-a-length-is-counted-in-code-points.md).
const EMOJI = "😀"; // one code point, two UTF-16 units
const ACCENTED = "e\u0301"; // "é" written as a letter and a combining mark: two code points

describe("characterCount", () => {
  it.each<[string, number]>([
    ["", 0],
    ["abc", 3],
    ["é", 1],
    [ACCENTED, 2],
    [EMOJI, 1],
    [EMOJI.repeat(3), 3],
    ["👍🏽", 2], // an emoji and its skin tone
    ["👨‍👩‍👧", 5], // three emoji and two joiners
    ["中文", 2],
    ["\uD83D", 1], // a lone surrogate counts alone
    ["a\uDE00b", 3],
  ])("%j has %i", (text, count) => {
    expect(characterCount(text)).toBe(count);
  });
});

describe("fitsLength at the limit and one over", () => {
  it.each<[string, string]>([
    ["letters", "a"],
    ["emoji", EMOJI],
    ["combining marks", "\u0301"],
    ["Chinese", "中"],
  ])("%s", (_label, one) => {
    expect(fitsLength(one.repeat(500), 500)).toBe(true);
    expect(fitsLength(one.repeat(501), 500)).toBe(false);
  });

  it("counts a letter with its accent mark as two", () => {
    expect(fitsLength(ACCENTED.repeat(250), 500)).toBe(true);
    expect(fitsLength(`${ACCENTED.repeat(250)}a`, 500)).toBe(false);
  });
});

describe("firstCharacters", () => {
  it("never cuts an emoji in half", () => {
    expect(firstCharacters(`a${EMOJI}${EMOJI}`, 2)).toBe(`a${EMOJI}`);
    expect(firstCharacters(EMOJI.repeat(10), 10)).toBe(EMOJI.repeat(10));
  });

  it("keeps a text that fits as it is", () => {
    expect(firstCharacters("short", 10)).toBe("short");
  });
});

describe("the schemas count the same", () => {
  it("a title: 500 emoji fit, 501 do not", () => {
    expect(taskTitleSchema.safeParse(EMOJI.repeat(LIMITS.titleMax)).success).toBe(true);
    expect(taskTitleSchema.safeParse(EMOJI.repeat(LIMITS.titleMax + 1)).success).toBe(false);
  });

  it("a description of 2000 emoji fits, of 2001 does not", () => {
    const base = { title: "Plan the trip" };
    expect(createTaskSchema.safeParse({ ...base, description: EMOJI.repeat(2000) }).success).toBe(true);
    expect(createTaskSchema.safeParse({ ...base, description: EMOJI.repeat(2001) }).success).toBe(false);
  });

  it("the evening note: 500 emoji fit, 501 do not", () => {
    expect(dayCloseSchema.safeParse({ note: EMOJI.repeat(500) }).success).toBe(true);
    expect(dayCloseSchema.safeParse({ note: EMOJI.repeat(501) }).success).toBe(false);
  });
});

describe("firstTooLongTitle: a braindump line is measured once its estimate is off", () => {
  it.each<[string, string, number]>([
    ["500 letters and an estimate", `${"a".repeat(500)} ~45m`, -1],
    ["500 emoji", EMOJI.repeat(500), -1],
    ["500 emoji and an estimate", `${EMOJI.repeat(500)} ~1h30`, -1],
    ["501 letters", "a".repeat(501), 0],
    ["501 emoji", EMOJI.repeat(501), 0],
    ["500 letters and an estimate out of range, which stays in the title", `${"a".repeat(500)} ~9h`, 0],
  ])("%s", (_label, line, index) => {
    expect(firstTooLongTitle([line])).toBe(index);
  });

  it("names the first line over", () => {
    expect(firstTooLongTitle(["Buy milk", "a".repeat(501), "a".repeat(502)])).toBe(1);
  });
});

describe("shortTaskName counts characters too", () => {
  it("cuts a title of emoji whole, never half of one", () => {
    const name = shortTaskName(EMOJI.repeat(40), 10);
    expect(name).toBe(`${EMOJI.repeat(9)}…`);
  });
});

describe("keptWithin: a form's text kept to its limit as the server counts it", () => {
  it("takes 500 emoji, where maxLength would stop at 250", () => {
    expect(keptWithin(EMOJI.repeat(500), EMOJI.repeat(499), 500)).toBe(EMOJI.repeat(500));
  });

  it("adds nothing to a full text, and cuts a paste past the limit to whole characters", () => {
    expect(keptWithin(`${EMOJI.repeat(250)}a${EMOJI.repeat(250)}`, EMOJI.repeat(500), 500)).toBe(EMOJI.repeat(500));
    expect(keptWithin(`ab${EMOJI.repeat(10)}`, "ab", 5)).toBe(`ab${EMOJI.repeat(3)}`);
  });
});
