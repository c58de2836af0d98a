import { request } from "@playwright/test";
import { type Account, addTaskViaApi, apiCall, registerViaApi } from "./fixtures";
import { baseURL } from "./playwright.config";

/** Where the global set-up leaves the alarm test's account and session for the tests (JSON). */
export const ALARM_SESSION_ENV = "E2E_ALARM_SESSION";
export type AlarmSession = { account: Account; startedAt: number };

/**
 * Global set-up: starts a one-minute focus session that only the Durable Object's alarm will end,
 * so that its minute passes while the rest of the suite runs. focus.spec.ts checks the outcome;
 * waiting out the minute inside that test kept a browser worker idle for it (bench/RESULTS.md).
 * Runs after the web server is up; what it sets in process.env reaches every test worker.
 */
export default async function startAlarmSession() {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { "CF-Connecting-IP": "198.18.0.1" },
  });
  try {
    const account = await registerViaApi(api);
    const task = await addTaskViaApi(api, account, { title: "One minute of focus" });
    const startedAt = Date.now();
    await apiCall(api, account, "POST", "/api/focus-sessions", { taskId: task.id, duration: 60, isCompleted: false });
    process.env[ALARM_SESSION_ENV] = JSON.stringify({ account, startedAt } satisfies AlarmSession);
  } finally {
    await api.dispose();
  }
}
