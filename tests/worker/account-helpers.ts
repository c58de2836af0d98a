import { env } from "cloudflare:workers";

/** A task, a focus session on it and a daily analytics row, written straight into D1. */
export async function seedUserData(userId: string) {
  const task = await env.DB.prepare(
    "insert into tasks (user_id, title, description, category, is_completed, completed_at, is_priority) values (?, ?, ?, 'urgent', 1, 1767263100000, 1) returning id",
  )
    .bind(userId, `Task of ${userId}`, '=HYPERLINK("http://evil")')
    .first<{ id: number }>();
  await env.DB.prepare(
    "insert into tasks (user_id, title, category, no_list_reason) values (?, 'Say no to meetings', 'no_list', 'Too many, \"really\"')",
  )
    .bind(userId)
    .run();
  await env.DB.prepare(
    "insert into focus_sessions (user_id, task_id, duration, focused_seconds, started_at, completed_at, is_completed) values (?, ?, 1500, 1500, 1767261600000, 1767263100000, 1)",
  )
    .bind(userId, task?.id)
    .run();
  await env.DB.prepare(
    "insert into daily_analytics (user_id, date, total_tasks_created, tasks_completed, focus_sessions_completed, total_focus_minutes, most_productive_hour) values (?, '2026-01-01', 2, 1, 1, 25, 10)",
  )
    .bind(userId)
    .run();
  // The tables added since: a day's plan, a day's model requests, a change sent with an id.
  await env.DB.prepare("insert into day_plans (user_id, date, priority_task_ids) values (?, '2026-01-01', ?)")
    .bind(userId, JSON.stringify([task?.id]))
    .run();
  await env.DB.prepare("insert into suggestion_usage (user_id, date, requests) values (?, '2026-01-01', 3)")
    .bind(userId)
    .run();
  await env.DB.prepare(
    "insert into change_receipts (user_id, change_id, fingerprint, status, body) values (?, ?, 'POST /api/tasks x', 201, '{}')",
  )
    .bind(userId, crypto.randomUUID())
    .run();
  return { taskId: task?.id ?? 0 };
}
