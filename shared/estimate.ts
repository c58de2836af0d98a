// A task's estimate (docs/decisions/290-estimates-written-at-the-end-of-a-line.md): minutes from 5 to
// 8 hours, set on the task row or written at the end of a braindump line as "~45m", "~2h" or
// "~1h30". Pure, so the braindump screen and POST /api/process-tasks read a line the same way.

import { hasVisibleCharacter } from "./visible-text";

/** The shortest estimate a task may carry, in minutes. */
export const ESTIMATE_MIN_MINUTES = 5;
/** The longest: a working day. */
export const ESTIMATE_MAX_MINUTES = 8 * 60;

/** Whether `minutes` is an estimate a task may carry: whole minutes from 5 to 480. */
export function isEstimateInRange(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= ESTIMATE_MIN_MINUTES && minutes <= ESTIMATE_MAX_MINUTES;
}

// At the end of the line, after a space: "~45m", "~2h", "~1h30", "~1h30m". "~45" alone names no
// unit, and a figure without "~" ("Meet at 2h") is the title's own text.
const SUFFIX = /\s~(?:(\d{1,3})m|(\d{1,2})h(?:([0-5]\d)m?)?)$/i;

/**
 * The title and the estimate of a braindump line: an estimate suffix in range leaves the title; one
 * out of range ("~0m", "~9h") or malformed stays in it as written, and the line has no estimate. So
 * does one that would leave a title with nothing visible ("\u200b ~45m"): the line stays whole
 * (docs/decisions/320-an-estimate-never-leaves-an-invisible-title.md).
 */
export function parseEstimate(line: string): { title: string; estimateMinutes: number | null } {
  const trimmed = line.trim();
  const match = SUFFIX.exec(trimmed);
  if (!match) return { title: trimmed, estimateMinutes: null };
  const [, onlyMinutes, hours, extraMinutes] = match;
  const minutes = onlyMinutes !== undefined ? Number(onlyMinutes) : Number(hours) * 60 + Number(extraMinutes ?? "0");
  const title = trimmed.slice(0, match.index).trim();
  if (!isEstimateInRange(minutes) || !hasVisibleCharacter(title)) return { title: trimmed, estimateMinutes: null };
  return { title, estimateMinutes: minutes };
}

/** An estimate as the screens write it: "45 min", "2 h", "1 h 30". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
}
