import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { SESSION_END_TEXT, type SessionEndReason } from "../../shared/live-protocol";
import type { ApiErrorBody } from "../../shared/schemas/common";

/** Throw this anywhere in a handler: `app.onError` turns it into the one JSON error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: ApiErrorBody["issues"],
    readonly headers?: Record<string, string>,
    readonly why?: SessionEndReason,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiErrorBody["issues"]) => new ApiError(400, message, issues);
export const unauthorized = (message = "You need to sign in.") => new ApiError(401, message);
/** The 401 of a session that is no longer live: signed out, expired, or its account deleted. */
export const sessionEnded = () => unauthorized("Your session has ended. Please sign in again.");
/** The 401 of a session ended elsewhere for a reason the device should tell (docs/decisions/177-signed-out-told-why.md). */
export const sessionEndedFor = (why: SessionEndReason) =>
  new ApiError(401, SESSION_END_TEXT[why], undefined, undefined, why);
export const notFound = (message = "Not found.") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

export function fromZodError(error: ZodError, what = "request"): ApiError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
    message: issue.message,
  }));
  const first = issues[0];
  const where = first && first.path.length > 0 ? `${first.path.join(".")}: ` : "";
  return badRequest(first ? `Invalid ${what}. ${where}${first.message}` : `Invalid ${what}.`, issues);
}

export function errorResponse(c: Context, err: Error): Response {
  if (err instanceof ApiError) {
    const body: ApiErrorBody = {
      message: err.message,
      ...(err.issues ? { issues: err.issues } : {}),
      ...(err.why ? { why: err.why } : {}),
    };
    return c.json(body, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed input it parses itself (e.g. a broken JSON body).
    const status = err.status;
    const message = status >= 500 ? "Something went wrong on our side." : err.message || "Bad request.";
    return c.json({ message } satisfies ApiErrorBody, status);
  }
  // Anything else is a bug: log it for us, answer without internals.
  console.error("unhandled error", err);
  return c.json({ message: "Something went wrong on our side. Please try again." } satisfies ApiErrorBody, 500);
}
