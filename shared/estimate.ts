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

// At the end of the line, after a space: "~45m", "~2h", "~1h30", "~1h30m", and each shipped
// language's usual short forms beside them (docs/decisions/396-estimates-read-in-every-language.md):
// "~45 Min", "~2 Std.", "~2 h", "~30分", "~1時間30分", "~2小时", "~45 د", with the full-width
// tilde and digits a Japanese or Chinese keyboard types, and Arabic-Indic digits. "~45" alone names
// no unit, and a figure without "~" ("Meet at 2h") is the title's own text. Every language's forms
// are read whatever the language shown: none of them means anything else at a line's end.
const MINUTE_UNITS = [
  "m",
  "min",
  "mins",
  "min.",
  "minute",
  "minutes",
  "minuto",
  "minutos",
  "minuten",
  "mn",
  "分",
  "分钟",
  "分鐘",
  "د",
  "دق",
  "دقيقة",
  "دقائق",
];
const HOUR_UNITS = [
  "h",
  "hr",
  "hrs",
  "hour",
  "hours",
  "hora",
  "horas",
  "heure",
  "heures",
  "std",
  "std.",
  "stunde",
  "stunden",
  "時間",
  "小时",
  "小時",
  "時",
  "س",
  "ساعة",
  "ساعات",
];
const alternatives = (units: string[]) =>
  [...units]
    .sort((a, b) => b.length - a.length)
    .map((unit) => unit.replace(".", "\\."))
    .join("|");
const MINUTES = `(?:${alternatives(MINUTE_UNITS)})`;
const HOURS = `(?:${alternatives(HOUR_UNITS)})`;
const SUFFIX = new RegExp(
  `(?:\\s~|\\s?[～〜])(?:(\\d{1,3}) ?${MINUTES}|(\\d{1,2}) ?${HOURS}(?: ?([0-5]\\d) ?${MINUTES}?)?)$`,
  "iu",
);

/** Arabic-Indic, Persian and full-width digits as ASCII ones, one character for one. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= 0xff10 ? 0xff10 : code >= 0x06f0 ? 0x06f0 : 0x0660;
    return String(code - zero);
  });
}

/**
 * The title and the estimate of a braindump line: an estimate suffix in range leaves the title; one
 * out of range ("~0m", "~9h") or malformed stays in it as written, and the line has no estimate. So
 * does one that would leave a title with nothing visible ("\u200b ~45m"): the line stays whole
 * (docs/decisions/320-an-estimate-never-leaves-an-invisible-title.md).
 */
export function parseEstimate(line: string): { title: string; estimateMinutes: number | null } {
  const trimmed = line.trim();
  const match = SUFFIX.exec(asciiDigits(trimmed));
  if (!match) return { title: trimmed, estimateMinutes: null };
  const [, onlyMinutes, hours, extraMinutes] = match;
  const minutes = onlyMinutes !== undefined ? Number(onlyMinutes) : Number(hours) * 60 + Number(extraMinutes ?? "0");
  const title = trimmed.slice(0, match.index).trim();
  if (!isEstimateInRange(minutes) || !hasVisibleCharacter(title)) return { title: trimmed, estimateMinutes: null };
  return { title, estimateMinutes: minutes };
}

/**
 * An estimate or a time focused as the screens write it: in English "45 min", "2 h", "1 h 30"; in
 * another language its own short units ("45 Min.", "2 Std.", "1 時間 30 分", "٤٥ د"), from Intl.
 */
export function formatMinutes(minutes: number, language = "en"): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (language === "en") {
    if (hours === 0) return `${rest} min`;
    return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
  }
  const unit = (value: number, name: "hour" | "minute") =>
    new Intl.NumberFormat(language, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  if (hours === 0) return unit(rest, "minute");
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}
