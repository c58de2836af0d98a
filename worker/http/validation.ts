import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { badRequest, fromZodError } from "./errors";

type Target = "json" | "query" | "param";
const label: Record<Target, string> = { json: "request body", query: "query", param: "path" };

/**
 * Validates one part of the request with a zod schema from shared/ and hands the parsed value to
 * the handler via `c.req.valid(target)`. Bad input answers 400 in the one error shape.
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, async (value) => {
    if (target === "json") refuseLoneSurrogates(value);
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
      refuseLoneSurrogates(value);
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through
  }
  throw badRequest("Invalid request body. Send a JSON object.");
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
 * JSON may carry a lone UTF-16 surrogate ("\ud800"), which D1 would store as U+FFFD without a
 * word; such text is refused instead (docs/decisions/061-lone-utf-16-surrogates-refused-kept.md).
 * Keys and values, at any depth.
 */
function refuseLoneSurrogates(value: unknown, path: (string | number)[] = []): void {
  if (typeof value === "string") {
    if (LONE_SURROGATE.test(value)) {
      const message = "Text must be valid Unicode: remove the broken character.";
      throw badRequest(message, [{ path, message }]);
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      refuseLoneSurrogates(item, [...path, index]);
    });
    return;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      refuseLoneSurrogates(key, path);
      refuseLoneSurrogates(item, [...path, key]);
    }
  }
}
