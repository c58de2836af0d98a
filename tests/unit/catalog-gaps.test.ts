import { describe, expect, it } from "vitest";
import { catalogGaps, placeholdersOf } from "../../scripts/catalog-gaps";
import { inlineWords } from "../../scripts/inline-words";

// The two checks of the catalogs (docs/decisions/395-messages-in-lingui-catalogs.md).
const po = (entries: [string, string][]) =>
  [
    'msgid ""\nmsgstr ""\n"Language: xx\\n"',
    ...entries.map(([id, str]) => `msgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(str)}`),
  ].join("\n\n");

describe("a language's catalog against English's", () => {
  const english = po([
    ["Moved {title} to Later", "Moved {title} to Later"],
    ["{count, plural, one {# task} other {# tasks}}", "{count, plural, one {# task} other {# tasks}}"],
    ["Read <0>the guide</0>", "Read <0>the guide</0>"],
  ]);

  it("is whole when each message is translated with the same placeholders and tags", () => {
    const japanese = po([
      ["Moved {title} to Later", "{title} を「あとで」に移動しました"],
      ["{count, plural, one {# task} other {# tasks}}", "{count, plural, other {#件のタスク}}"],
      ["Read <0>the guide</0>", "<0>ガイド</0>を読む"],
    ]);
    expect(catalogGaps("ja.po", english, japanese)).toEqual([]);
  });

  it("lacks a message left empty, and one whose placeholder or tag is lost or renamed", () => {
    const german = po([
      ["Moved {title} to Later", "{titel} nach Später verschoben"],
      ["{count, plural, one {# task} other {# tasks}}", ""],
      ["Read <0>the guide</0>", "Lies die Anleitung"],
    ]);
    expect(catalogGaps("de.po", english, german).map((gap) => gap.problem)).toEqual([
      "placeholders {titel} instead of {title}",
      "no translation",
      "placeholders  instead of </0> <0>",
    ]);
  });

  it("reads a plural's branches as words, not placeholders", () => {
    expect(placeholdersOf("{n, plural, one {task} other {tasks}}")).toEqual(["{n}"]);
  });
});

describe("words written inline", () => {
  it("finds JSX text and attribute words outside <Trans>, and leaves code alone", () => {
    const found = inlineWords(
      "x.tsx",
      `export const A = () => <p title="Close the panel" className="px-2 text-sm">Hello <Trans>kept</Trans></p>;
const method = "POST"; throw new Error("Not for people");
toast("Task renamed");`,
    ).map((words) => words.text);
    expect(found).toEqual(["Close the panel", "Hello", "Task renamed"]);
  });
});
