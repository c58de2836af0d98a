// A message that must travel as a string, a zod issue's above all: its catalog id and values,
// behind an invisible mark, so whoever shows it (the server for its answer, the device for a form)
// says it in the shown language (docs/decisions/397-the-server-speaks-the-person-s-language.md).
// A string without the mark (zod's own English, a plain text) is shown as it is.
import type { I18n, MessageDescriptor } from "@lingui/core";

/** U+2063 INVISIBLE SEPARATOR: in no message and no title a person writes to us. */
const MARK = "\u2063";

/** `descriptor` (from `` msg`…` ``) as a string a zod schema can carry. */
export function wordsAsText(descriptor: MessageDescriptor): string {
  const values = descriptor.values && Object.keys(descriptor.values).length > 0 ? descriptor.values : undefined;
  return `${MARK}${descriptor.id}${values ? `${MARK}${JSON.stringify(values)}` : ""}`;
}

/** `text` in `i18n`'s language when it carries a message, else `text` as it is. */
export function textIn(i18n: I18n, text: string): string {
  if (!text.startsWith(MARK)) return text;
  const [, id = "", values] = text.split(MARK);
  try {
    return i18n._(id, values ? (JSON.parse(values) as Record<string, unknown>) : undefined);
  } catch {
    return text.replaceAll(MARK, "");
  }
}
