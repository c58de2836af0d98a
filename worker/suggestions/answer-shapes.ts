/**
 * The lines of a model's answer, in every shape real models give it
 * (docs/decisions/232-every-answer-shape-read.md): the JSON asked for, JSON inside a ```json fence
 * or with prose around it, a bare array, steps as objects ({"title": …}, {"step": …},
 * {"text": …}), or a numbered or bulleted markdown list. Each line is checked later
 * (./model-answer.ts); this only finds them.
 */

/** The keys a model puts its list under, the one asked for first. */
const LIST_KEYS = ["suggestions", "steps", "tasks", "items", "actions", "next_steps", "nextSteps", "todos", "list"];
/** The keys a model puts one step's words under. */
const LINE_KEYS = ["title", "step", "text", "task", "action", "name", "description", "content"];

/** At most this many lines are read from one answer: a longer one is not a list of next steps. */
const MAX_LINES = 20;

/** A list item: "- …", "* …", "• …", "1. …", "2) …", "Step 3: …". */
const LIST_ITEM = /^\s*(?:[-*•+]|\d{1,2}[.)]|step\s+\d{1,2}\s*[:.)-])\s+(.*)$/i;

/** The lines of an answer, or none when it has no list of steps in any shape. */
export function answerLines(answer: unknown): string[] {
  if (typeof answer === "string") return linesOfText(answer);
  return linesOfValue(answer, 0) ?? [];
}

function linesOfValue(value: unknown, depth: number): string[] | undefined {
  if (depth > 3) return undefined;
  if (Array.isArray(value)) {
    const lines = value.map(lineOf).filter((line): line is string => line !== undefined);
    return lines.length > 0 ? lines.slice(0, MAX_LINES) : undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of LIST_KEYS) {
    const lines = linesOfValue(record[key], depth + 1);
    if (lines) return lines;
  }
  // {"response": {...}} or {"answer": "..."}: one object around the list.
  for (const inner of Object.values(record)) {
    if (typeof inner === "string" && /[[{]/.test(inner)) {
      const lines = linesOfText(inner);
      if (lines.length > 0) return lines;
    }
    if (typeof inner === "object") {
      const lines = linesOfValue(inner, depth + 1);
      if (lines) return lines;
    }
  }
  return undefined;
}

/** One step: a string, or an object's step words. */
function lineOf(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  if (typeof item !== "object" || item === null) return undefined;
  const record = item as Record<string, unknown>;
  for (const key of LINE_KEYS) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return undefined;
}

/** JSON text, fenced or with prose around it, or a markdown list. */
function linesOfText(text: string): string[] {
  for (const candidate of jsonCandidates(text)) {
    try {
      const lines = linesOfValue(JSON.parse(candidate), 0);
      if (lines) return lines;
    } catch {
      // Not JSON: the next candidate, or the text as a list.
    }
  }
  const items: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const item = line.match(LIST_ITEM)?.[1];
    // "**Book the venue**" or "**Book the venue** – it fills up": the bold part is the step.
    if (item) items.push(item.match(/^\*\*(.+?)\*\*/)?.[1] ?? item.replace(/\*\*/g, ""));
  }
  return items.slice(0, MAX_LINES);
}

/** The text itself, the insides of its code fences, and its outermost {…} and […]. */
function jsonCandidates(text: string): string[] {
  const candidates = [text.trim()];
  for (const fence of text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) if (fence[1]) candidates.push(fence[1].trim());
  for (const [open, close] of [
    ["{", "}"],
    ["[", "]"],
  ] as const) {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  }
  return candidates;
}
