import { expect, vi } from "vitest";
import type { Day, HistoryDay, HistoryPage, HistoryTask } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { api } from "./helpers";

/**
 * Moves the clock the worker and its hub read (Date only: timers and the test's waits stay real).
 * The tests never sleep: a new day is a new instant. Use instants ahead of the real clock,
 * so an alarm set by the hub never rings by itself during a test.
 */
export function setClock(iso: string): Date {
  vi.useFakeTimers({ toFake: ["Date"] });
  const instant = new Date(iso);
  vi.setSystemTime(instant);
  return instant;
}

export async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await api(path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

export const getDay = (token: string) => getJson<Day>("/api/day", token);
export const getTasks = (token: string) => getJson<Task[]>("/api/tasks", token);
export const getHistoryPage = (token: string, query = "") => getJson<HistoryPage>(`/api/history${query}`, token);

/** Every page of the history, put together: each day's figures (its record) with its finished tasks. */
export async function getHistory(
  token: string,
  limit?: number,
): Promise<{ days: (HistoryDay & { tasks: HistoryTask[] })[]; pages: number }> {
  const tasks: HistoryTask[] = [];
  let first: HistoryPage | undefined;
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams();
    if (cursor) params.set("cursor", cursor);
    if (limit) params.set("limit", String(limit));
    const page = await getHistoryPage(token, `?${params}`);
    first ??= page;
    pages += 1;
    tasks.push(...page.tasks);
    cursor = page.nextCursor;
  } while (cursor);
  const days = new Map((first?.days ?? []).map((day) => [day.date, { ...day, tasks: [] as HistoryTask[] }]));
  for (const task of tasks) {
    const day = days.get(task.completedDay) ?? {
      date: task.completedDay,
      tasksCompleted: 0,
      focusSessionsCompleted: 0,
      focusMinutes: 0,
      tasks: [],
    };
    day.tasks.push(task);
    days.set(task.completedDay, day);
  }
  return { days: [...days.values()].sort((a, b) => (a.date < b.date ? 1 : -1)), pages };
}

export function postPlan(token: string, priorityTaskIds: number[], noListTaskIds: number[] = []) {
  return api("/api/day/plan", { method: "POST", token, json: { priorityTaskIds, noListTaskIds } });
}

export async function patchTask(token: string, id: number, json: Record<string, unknown>): Promise<Task> {
  const res = await api(`/api/tasks/${id}`, { method: "PATCH", token, json });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Task;
}

export const completeTask = (token: string, id: number) => patchTask(token, id, { isCompleted: true });

export async function commitNoList(token: string, ids: number[]): Promise<Task[]> {
  const res = await api("/api/no-list/commit", {
    method: "POST",
    token,
    json: { items: ids.map((id) => ({ id, reason: null })) },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { tasks: Task[] }).tasks;
}

export async function setAccount(token: string, json: Record<string, unknown>) {
  const res = await api("/api/account", { method: "PATCH", token, json });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
