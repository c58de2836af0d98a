import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { SESSION_END_TEXT, type SessionEndReason } from "../../shared/live-protocol";
import type { ApiErrorBody } from "../../shared/schemas/common";
import { textIn } from "../../shared/words";
import { requestLanguage, wordsIn } from "../language/words";

/** What an error says, in any language (docs/decisions/397-the-server-speaks-the-person-s-language.md). */
type Saying = (words: I18n) => string;

/**
 * Throw this anywhere in a handler: `app.onError` turns it into the one JSON error shape. Its
 * message is a catalog message (`` msg`…` ``) said in the request's language, or a text as it is.
 */
export class ApiError extends Error {
  readonly say: Saying;
  constructor(
    readonly status: ContentfulStatusCode,
    message: string | MessageDescriptor | Saying,
    readonly issues?: ApiErrorBody["issues"],
    readonly headers?: Record<string, string>,
    readonly why?: SessionEndReason,
  ) {
    const say: Saying =
      typeof message === "function"
        ? message
        : typeof message === "string"
          ? (words) => textIn(words, message)
          : (words) => words._(message);
    // In English for the logs; the answer says it in the request's language.
    super(say(wordsIn("en")));
    this.say = say;
  }
}

export const badRequest = (message: string | MessageDescriptor, issues?: ApiErrorBody["issues"]) =>
  new ApiError(400, message, issues);
export const unauthorized = (message: string | MessageDescriptor = msg`You need to sign in.`) =>
  new ApiError(401, message);
/** The 401 of a session that is no longer live: signed out, expired, or its account deleted. */
export const sessionEnded = () => unauthorized(msg`Your session has ended. Please sign in again.`);
/** The 401 of a session ended elsewhere for a reason the device should tell (docs/decisions/177-signed-out-told-why.md). */
export const sessionEndedFor = (why: SessionEndReason) =>
  new ApiError(401, SESSION_END_TEXT[why], undefined, undefined, why);
export const notFound = (message: string | MessageDescriptor = msg`Not found.`) => new ApiError(404, message);
export const conflict = (message: string | MessageDescriptor) => new ApiError(409, message);

export function fromZodError(error: ZodError, about: string | MessageDescriptor = msg`request`): ApiError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
    message: issue.message,
  }));
  const first = issues[0];
  const where = first && first.path.length > 0 ? `${first.path.join(".")}: ` : "";
  return new ApiError(
    400,
    (words) => {
      const what = typeof about === "string" ? about : words._(about);
      if (!first) return words._(msg`Invalid ${what}.`);
      const problem = textIn(words, first.message);
      return words._(msg`Invalid ${what}. ${where}${problem}`);
    },
    issues,
  );
}

export function errorResponse(c: Context, err: Error): Response {
  if (err instanceof ApiError) {
    const words = wordsIn(requestLanguage(c.req.raw));
    const body: ApiErrorBody = {
      message: err.say(words),
      ...(err.issues
        ? { issues: err.issues.map((issue) => ({ ...issue, message: textIn(words, issue.message) })) }
        : {}),
      ...(err.why ? { why: err.why } : {}),
    };
    return c.json(body, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed input it parses itself (e.g. a broken JSON body).
    const status = err.status;
    const words = wordsIn(requestLanguage(c.req.raw));
    const message =
      status >= 500 ? words._(msg`Something went wrong on our side.`) : err.message || words._(msg`Bad request.`);
    return c.json({ message } satisfies ApiErrorBody, status);
  }
  // Anything else is a bug: log it for us, answer without internals.
  console.error("unhandled error", err);
  const words = wordsIn(requestLanguage(c.req.raw));
  return c.json(
    { message: words._(msg`Something went wrong on our side. Please try again.`) } satisfies ApiErrorBody,
    500,
  );
}
