import { describe, expect, it } from "vitest";
import { decisionProblems } from "../../scripts/decision-records";

const record = (number: number, title: string, sections = true) =>
  [
    `# ${number}. ${title}`,
    "",
    "Status: kept",
    "",
    ...(sections ? ["## Context", "", "Why.", "", "## Decision", "", "What.", "", "## Consequences", "", "Then."] : []),
  ].join("\n");

/** Paths of made-up records, built so the repository's own check does not read them as citations. */
const cited = (name: string) => `docs/${"decisions"}/${name}`;

const line = (number: number, title: string, file: string) =>
  `- <a id="${number}"></a>[${number}. ${title}](decisions/${file})`;

describe("the decision records and their index", () => {
  it("agree when every record has one line with its number and title", () => {
    const files = [
      { name: "001-one.md", text: record(1, "One", false) },
      { name: "205-two.md", text: record(205, "Two") },
    ];
    const index = ["# Decisions", "", "## A", "", line(1, "One", "001-one.md"), line(205, "Two", "205-two.md")].join(
      "\n",
    );
    const citations = [{ path: cited("205-two.md"), file: "worker/x.ts" }];
    expect(decisionProblems(files, index, citations)).toEqual([]);
  });

  it("finds a record without its line, a line without its record, and a title that drifted", () => {
    const files = [
      { name: "205-two.md", text: record(205, "Two") },
      { name: "206-three.md", text: record(206, "Three") },
    ];
    const index = [line(205, "Two, renamed", "205-two.md"), line(207, "Gone", "207-gone.md")].join("\n");
    expect(decisionProblems(files, index)).toEqual([
      'docs/decisions.md: the line of 205-two.md reads "Two, renamed", the record "Two"',
      "docs/decisions.md: 207-gone.md does not exist",
      "docs/decisions.md: no line for 206-three.md",
    ]);
  });

  it("asks new records for Context, Decision and Consequences, and every record for its status", () => {
    const files = [
      { name: "205-two.md", text: record(205, "Two", false) },
      { name: "010-old.md", text: "# 10. Old\n\nNo status here." },
    ];
    const index = [line(205, "Two", "205-two.md"), line(10, "Old", "010-old.md")].join("\n");
    expect(decisionProblems(files, index)).toEqual([
      `${cited("205-two.md")}: missing ## Context, ## Decision, ## Consequences`,
      `${cited("010-old.md")}: no "Status: kept" or "Status: replaced by NNN" line`,
    ]);
  });

  it("finds a citation of a record that does not exist, and a number taken twice", () => {
    const files = [
      { name: "205-two.md", text: record(205, "Two") },
      { name: "205-again.md", text: record(205, "Again") },
    ];
    const index = [line(205, "Two", "205-two.md"), line(205, "Again", "205-again.md")].join("\n");
    const citations = [{ path: cited("299-none.md"), file: "web/y.ts" }];
    expect(decisionProblems(files, index, citations)).toEqual([
      `${cited("205-again.md")}: number 205 is taken by 205-two.md too`,
      `web/y.ts: cites ${cited("299-none.md")}, which does not exist`,
    ]);
  });
});
