import { msg } from "@lingui/core/macro";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";

/** Mirrors `AI_LIMITER` in wrangler.toml: requests per user per window (the binding allows 10 s or 60 s). */
export const SUGGESTION_RATE = { limit: 6, periodSeconds: 60 } as const;

/** Per-user cap on suggestion requests (Workers rate-limit binding): models cost money and time. */
export async function limitSuggestionRequests(c: Context<AppEnv>, userId: string) {
  const limiter = c.env.AI_LIMITER;
  if (!limiter) return;
  const { success } = await limiter.limit({ key: userId });
  if (!success) {
    throw new ApiError(429, msg`Too many suggestion requests. Please wait a minute and try again.`, undefined, {
      "Retry-After": String(SUGGESTION_RATE.periodSeconds),
    });
  }
}
