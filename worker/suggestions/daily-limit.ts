import { msg } from "@lingui/core/macro";
import type { Context } from "hono";
import type { AppEnv, SessionUser } from "../env";
import { ApiError } from "../http/errors";
import { todayOf } from "../today/today";

/** Model requests a person may make in one of their days, unless AI_DAILY_LIMIT says otherwise. */
export const DEFAULT_DAILY_LIMIT = 50;

export function dailyLimitFrom(value: string | undefined): number {
  const limit = Number(value);
  return Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_DAILY_LIMIT;
}

/**
 * Counts one model request against the person's day before the model is called
 * (docs/decisions/198-suggestions-daily-limit.md). One statement both checks and counts, so a
 * burst of requests at once cannot pass the limit between a read and a write: the row is added or
 * raised only while under the limit, and no row comes back when it is reached (429).
 */
export async function countModelRequest(c: Context<AppEnv>, user: SessionUser, now: Date) {
  const limit = dailyLimitFrom(c.env.AI_DAILY_LIMIT);
  const today = todayOf(user, now);
  const counted = await c.var.d1
    .prepare(
      `INSERT INTO suggestion_usage (user_id, date, requests) VALUES (?1, ?2, 1)
     ON CONFLICT (user_id, date) DO UPDATE SET requests = requests + 1 WHERE requests < ?3
     RETURNING requests`,
    )
    .bind(user.id, today.date, limit)
    .first<{ requests: number }>();
  if (counted) return;
  const seconds = Math.max(1, Math.ceil((today.endsAt.getTime() - now.getTime()) / 1000));
  throw new ApiError(
    429,
    msg`You have used today's ${limit} AI suggestions. They start again tomorrow; until then, add tasks yourself.`,
    undefined,
    { "Retry-After": String(seconds) },
  );
}
