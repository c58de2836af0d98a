// What a language's catalog lacks against English (docs/decisions/395-messages-in-lingui-catalogs.md):
// a message with no translation, or one whose placeholders or tags differ from the English
// message's. Read by scripts/check-catalogs.ts (`npm run lint:catalogs`, a step of `npm test`).

import { compileMessage } from "@lingui/message-utils/compileMessage";

export type CatalogGap = { path: string; message: string; problem: string };

type Entry = { context: string | undefined; id: string; translation: string };

function unquote(line: string): string {
  return JSON.parse(line.slice(line.indexOf('"'))) as string;
}

/** The entries of a PO file (the header entry left out). */
export function poEntries(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    let context: string | undefined;
    let id: string | undefined;
    let translation = "";
    let field: "context" | "id" | "translation" | null = null;
    for (const line of block.split("\n")) {
      if (line.startsWith("msgctxt ")) [field, context] = ["context", unquote(line)];
      else if (line.startsWith("msgid ")) [field, id] = ["id", unquote(line)];
      else if (line.startsWith("msgstr ")) [field, translation] = ["translation", unquote(line)];
      else if (line.startsWith('"') && field) {
        const more = unquote(line);
        if (field === "context") context = `${context ?? ""}${more}`;
        else if (field === "id") id = `${id ?? ""}${more}`;
        else translation += more;
      }
    }
    if (id) entries.push({ context, id, translation });
  }
  return entries;
}

/** The placeholders ({title}, {0}, a plural's {count}) and tags (<0>, </0>) in a compiled message's parts. */
function collect(parts: unknown, found: Set<string>) {
  for (const part of Array.isArray(parts) ? parts : [parts]) {
    if (typeof part === "string") {
      for (const tag of part.matchAll(/<\/?\d+\/?>/g)) found.add(tag[0]);
    } else if (Array.isArray(part)) {
      // A placeholder is [name] or [name, "plural" | "select" | …, its branches, each a list of parts].
      const [name, , branches] = part as [unknown, unknown, unknown];
      if (typeof name === "string" && name !== "#") found.add(`{${name}}`);
      if (branches && typeof branches === "object")
        for (const branch of Object.values(branches)) collect(branch, found);
    }
  }
}

/** A message's placeholders and tags, sorted; a message that does not parse as ICU has ["unparsable"]. */
export function placeholdersOf(message: string): string[] {
  let compiled: unknown;
  try {
    compiled = compileMessage(message);
  } catch {
    return ["unparsable"];
  }
  const found = new Set<string>();
  collect(compiled, found);
  return [...found].sort();
}

/** What `translated` (a language's catalog) lacks against the English source of the same catalog. */
export function catalogGaps(path: string, english: string, translated: string): CatalogGap[] {
  const key = (entry: Entry) => `${entry.context ?? ""}\u0004${entry.id}`;
  const theirs = new Map(poEntries(translated).map((entry) => [key(entry), entry]));
  const gaps: CatalogGap[] = [];
  for (const source of poEntries(english)) {
    const entry = theirs.get(key(source));
    if (!entry || entry.translation.trim() === "") {
      gaps.push({ path, message: source.id, problem: "no translation" });
      continue;
    }
    const wanted = placeholdersOf(source.id).join(" ");
    const found = placeholdersOf(entry.translation).join(" ");
    if (wanted !== found)
      gaps.push({ path, message: source.id, problem: `placeholders ${found} instead of ${wanted}` });
  }
  return gaps;
}
