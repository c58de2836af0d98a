import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { wordsAsText } from "../../shared/words";
import { badRequest, fromZodError } from "./errors";

type Target = "json" | "query" | "param";
const label: Record<Target, MessageDescriptor> = {
  json: msg`request body`,
  query: msg({ message: "query", context: "the part of an address after ?" }),
  param: msg({ message: "path", context: "the part of an address before ?" }),
};

/**
 * Validates one part of the request with a zod schema from shared/ and hands the parsed value to
 * the handler via `c.req.valid(target)`. Bad input answers 400 in the one error shape.
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, async (value) => {
    if (target === "json") checkJsonBody(value);
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw fromZodError(result.error, label[target]);
    return result.data as z.output<S>;
  });
}

/**
 * Reads a JSON body that may be empty (docs/product.md#compatible-calls sends `{}` or nothing to some endpoints).
 * Anything present must still be a JSON object.
 */
export async function readOptionalJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      checkJsonBody(value);
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through
  }
  throw badRequest(msg`Invalid request body. Send a JSON object.`);
}

/** A body that may be empty or absent (docs/product.md#compatible-calls sends none to some calls): anything present must match the schema. */
export async function validOptionalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await readOptionalJson(c));
  if (!result.success) throw fromZodError(result.error, label.json);
  return result.data;
}

/** In unicode mode a surrogate code unit matches only when it is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * How deeply arrays and objects may nest in a request body. The deepest valid body (priorities:
 * body, list, task, answers) is 4 levels; anything past this is refused with 400 before any
 * schema or recursive code sees it.
 */
export const JSON_DEPTH_MAX = 32;

function badText(path: (string | number)[]): never {
  const message = msg`Text must be valid Unicode: remove the broken character.`;
  throw badRequest(message, [{ path, message: wordsAsText(message) }]);
}

/** What checkJsonBody holds while it walks, for the test that measures it. */
export type JsonCheckMeter = { framesPeak: number; pathsBuilt: number };

/** A container being walked: its keys (null for an array), the next entry, and its key in its parent. */
type Frame = { value: object; keys: string[] | null; next: number; key: string | number };

/**
 * Checks a parsed JSON body before its schema does: no nesting past JSON_DEPTH_MAX, and no lone
 * UTF-16 surrogate ("\ud800") in keys or values, which D1 would store as U+FFFD without a word
 * (docs/decisions/061-lone-utf-16-surrogates-refused-kept.md). A loop over an explicit stack, not
 * recursion: a body of thousands of nested brackets must answer 400, not overflow the call stack.
 * The stack holds one frame per level (at most JSON_DEPTH_MAX), never one entry or path per value:
 * a value's path is built only for the error that names it, so checking a 1 MB body costs what
 * the body's own key lists cost and no more (docs/decisions/170-body-check-walks-without-copying.md).
 */
export function checkJsonBody(body: unknown, meter?: JsonCheckMeter): void {
  const frames: Frame[] = [];
  const pathTo = (last?: string | number) => {
    if (meter) meter.pathsBuilt += 1;
    const path = frames.slice(1).map((frame) => frame.key);
    return last === undefined ? path : [...path, last];
  };
  const enter = (value: unknown, key: string | number) => {
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) badText(pathTo(key));
      return;
    }
    if (!value || typeof value !== "object") return;
    if (frames.length >= JSON_DEPTH_MAX) {
      const max = JSON_DEPTH_MAX;
      throw badRequest(msg`The request body is nested too deeply (at most ${max} levels).`);
    }
    frames.push({ value, keys: Array.isArray(value) ? null : Object.keys(value), next: 0, key });
    if (meter) meter.framesPeak = Math.max(meter.framesPeak, frames.length);
  };
  enter(body, "");
  for (let top = frames.at(-1); top; top = frames.at(-1)) {
    const { value, keys } = top;
    const index = top.next;
    if (index >= (keys ?? (value as unknown[])).length) {
      frames.pop();
      continue;
    }
    top.next += 1;
    if (!keys) {
      enter((value as unknown[])[index], index);
      continue;
    }
    const key = keys[index] as string;
    if (LONE_SURROGATE.test(key)) badText(pathTo());
    enter((value as Record<string, unknown>)[key], key);
  }
}
