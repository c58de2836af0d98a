import { i18n } from "@lingui/core";
import type { z } from "zod";
import { textIn } from "../../shared/words";
import { ApiRequestError } from "./client";

export type FieldErrors = Record<string, string>;

/** A zod issue's message shown on its own (a form's one error line), in the shown language (shared/words.ts). */
export function textOfIssue(message: string | undefined): string | undefined {
  return message === undefined ? undefined : textIn(i18n, message);
}

/** First message per field from a zod error, in the shown language (shared/words.ts). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= textIn(i18n, issue.message);
  }
  return errors;
}

/** Field errors from an API answer: the `issues` of a 400, or the message as a form error. */
export function apiFieldErrors(err: unknown, fallback: string): FieldErrors {
  if (!(err instanceof ApiRequestError)) return { form: fallback };
  try {
    const body = JSON.parse(err.responseText) as { issues?: { path: string[]; message: string }[] };
    if (body.issues?.length) {
      const errors: FieldErrors = {};
      for (const issue of body.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
      return errors;
    }
  } catch {
    // not our JSON shape
  }
  return { form: err.serverMessage ?? fallback };
}
