// The rules of docs/decisions/ and its index docs/decisions.md
// (docs/decisions/208-decisions-index-checked.md), as a pure function of the files' text:
// scripts/check-decisions.ts reads the repository and runs it; tests/unit/decision-records.test.ts
// runs it on small examples.

/** A decision record: its file name (NNN-slug.md) and its text. */
export type DecisionFile = { name: string; text: string };

/** A cited path `docs/decisions/NNN-slug.md` (or `decisions/NNN-slug.md` inside docs/) and where it stands. */
export type Citation = { path: string; file: string };

/** Records from this number on say Context, Decision and Consequences in their own sections. */
export const SECTIONS_FROM = 205;
const SECTIONS = ["## Context", "## Decision", "## Consequences"];

const FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const HEADING = /^# (\d+)\. (.+)$/;
const STATUS = /^Status: (kept|replaced by \d+)\b/m;
const INDEX_LINE = /^- <a id="(\d+)"><\/a>\[(\d+)\. (.+)\]\(decisions\/([^)]+)\)$/;

/** What is wrong with the records and the index, one sentence each; none: they agree. */
export function decisionProblems(files: readonly DecisionFile[], index: string, citations: readonly Citation[] = []) {
  const problems: string[] = [];
  const titles = new Map<string, { number: number; title: string }>();
  const numbers = new Map<number, string>();
  for (const { name, text } of files) {
    const named = FILE_NAME.exec(name);
    if (!named) {
      problems.push(`docs/decisions/${name}: the name is not NNN-slug.md`);
      continue;
    }
    const number = Number(named[1]);
    const other = numbers.get(number);
    if (other) problems.push(`docs/decisions/${name}: number ${number} is taken by ${other} too`);
    numbers.set(number, name);
    const heading = HEADING.exec(text.split("\n", 1)[0] ?? "");
    if (!heading || Number(heading[1]) !== number) {
      problems.push(`docs/decisions/${name}: the first line is not "# ${number}. Title"`);
      continue;
    }
    titles.set(name, { number, title: heading[2] ?? "" });
    if (!STATUS.test(text))
      problems.push(`docs/decisions/${name}: no "Status: kept" or "Status: replaced by NNN" line`);
    if (number >= SECTIONS_FROM) {
      const lines = new Set(text.split("\n").map((line) => line.trimEnd()));
      const missing = SECTIONS.filter((section) => !lines.has(section));
      if (missing.length > 0) problems.push(`docs/decisions/${name}: missing ${missing.join(", ")}`);
    }
  }

  const listed = new Map<string, number>();
  for (const line of index.split("\n")) {
    if (!line.startsWith("- <a id=")) continue;
    const entry = INDEX_LINE.exec(line);
    if (!entry) {
      problems.push(`docs/decisions.md: cannot read the line "${line}"`);
      continue;
    }
    const [, anchor, number, title, file] = entry as unknown as [string, string, string, string, string];
    listed.set(file, (listed.get(file) ?? 0) + 1);
    const record = titles.get(file);
    if (!record) {
      if (!files.some((f) => f.name === file)) problems.push(`docs/decisions.md: ${file} does not exist`);
      continue;
    }
    if (Number(anchor) !== record.number || Number(number) !== record.number) {
      problems.push(`docs/decisions.md: the line of ${file} says ${anchor}/${number}, the record ${record.number}`);
    }
    if (title !== record.title) {
      problems.push(`docs/decisions.md: the line of ${file} reads "${title}", the record "${record.title}"`);
    }
  }
  for (const { name } of files) {
    const count = listed.get(name) ?? 0;
    if (count === 0) problems.push(`docs/decisions.md: no line for ${name}`);
    if (count > 1) problems.push(`docs/decisions.md: ${count} lines for ${name}`);
  }

  const names = new Set(files.map((f) => f.name));
  for (const { path, file } of citations) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (!names.has(name)) problems.push(`${file}: cites ${path}, which does not exist`);
  }
  return problems;
}
