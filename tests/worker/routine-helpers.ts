import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { dayOf, dayStartsAt } from "../../shared/day";
import type { Repeat, Routine } from "../../shared/schemas/routines";
import type { Task } from "../../shared/schemas/tasks";
import { createDb } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import { setClock } from "./day-helpers";
import { api, registerUser } from "./helpers";

/** A new account at `now` whose day is counted in `timeZone` from `dayStartHour`, its day at `now` begun. */
export async function personIn(now: string, timeZone: string, dayStartHour = 4) {
  setClock(now);
  const account = await registerUser();
  await createDb(env.DB)
    .update(users)
    .set({ timeZone, dayStartHour, dayBegun: dayOf(new Date(now), timeZone, dayStartHour) })
    .where(eq(users.id, account.user.id));
  return { token: account.token, id: account.user.id, username: account.user.username, timeZone, dayStartHour };
}

/** Moves the clock to `minutes` after the start of the person's `day`. */
export function clockAtDay(person: { timeZone: string; dayStartHour: number }, day: string, minutes = 5): Date {
  return setClock(
    new Date(dayStartsAt(day, person.timeZone, person.dayStartHour).getTime() + minutes * 60_000).toISOString(),
  );
}

export async function makeRoutine(token: string, title: string, repeat: Repeat): Promise<Routine> {
  const res = await api("/api/routines", { method: "POST", token, json: { title, repeat } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Routine;
}

export async function routinesOf(token: string): Promise<Routine[]> {
  const res = await api("/api/routines", { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Routine[];
}

export async function tasksOf(token: string): Promise<Task[]> {
  const res = await api("/api/tasks", { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Task[];
}

/** The occurrence tasks on the list, open or finished today, by routine id. */
export async function occurrencesOf(token: string): Promise<Map<number, Task[]>> {
  const byRoutine = new Map<number, Task[]>();
  for (const task of await tasksOf(token)) {
    if (task.routineId === null) continue;
    byRoutine.set(task.routineId, [...(byRoutine.get(task.routineId) ?? []), task]);
  }
  return byRoutine;
}

/** Every occurrence row of the person in D1, whatever its state: (routine, day) pairs. */
export async function occurrenceRows(userId: string): Promise<{ routineId: number; routineDay: string }[]> {
  const { results } = await env.DB.prepare(
    "select routine_id as routineId, routine_day as routineDay from tasks where user_id = ? and routine_id is not null",
  )
    .bind(userId)
    .all<{ routineId: number; routineDay: string }>();
  return results;
}

export async function finish(token: string, taskId: number): Promise<void> {
  const res = await api(`/api/tasks/${taskId}`, { method: "PATCH", token, json: { isCompleted: true } });
  expect(res.status, await res.clone().text()).toBe(200);
}
