// Which tests answer for which part of the code: the one map `npm run test:quick` (scripts/test-quick.mjs)
// reads to run the worker and browser tests of what changed. `npm test` runs every test whatever the
// map says; `npm run lint:test-map` checks that every test file is reachable from the map or marked
// as always run (docs/decisions/342-a-quick-tier-beside-the-gate.md). Pure, so
// tests/unit/test-map.test.ts checks the rule itself.
//
// A test file is named by its name in tests/worker/ (`*.test.ts`) or tests/e2e/ (`*.spec.ts`),
// without the suffix; a pattern ending in `*` names every file that starts with what comes before it.

/** A part of the code: the path prefixes that are it, and the tests that answer for it. */
export type Area = { sources: string[]; worker: string[]; e2e: string[] };

export const AREAS: Record<string, Area> = {
  language: {
    sources: [
      "shared/languages.ts",
      "web/features/language/",
      "web/locales/",
      "worker/locales/",
      "worker/language/",
      "lingui.config.ts",
      "scripts/prerender-landing.ts",
    ],
    worker: ["language", "push-language"],
    e2e: ["language*", "landing", "right-to-left"],
  },
  account: {
    sources: ["worker/account/", "web/features/settings/"],
    worker: ["account*", "sessions-per-person", "session-end-reason"],
    e2e: ["settings", "language-settings-auth-done", "language-live"],
  },
  analytics: {
    sources: ["worker/analytics/", "web/features/analytics/", "shared/analytics.ts"],
    worker: ["analytics*", "routine-analytics"],
    e2e: ["analytics", "language-focus-analytics-no-list"],
  },
  auth: {
    sources: ["worker/auth/", "web/features/auth/"],
    worker: [
      "auth",
      "doors",
      "oidc*",
      "security-auth-limits",
      "security-bursts-auth",
      "security-tokens",
      "test-password-cost",
    ],
    e2e: ["oidc", "live-revocation", "shell", "language-settings-auth-done"],
  },
  tasks: {
    sources: [
      "worker/tasks/",
      "web/features/braindump/",
      "shared/scoring.ts",
      "shared/questions.ts",
      "shared/estimate.ts",
      "shared/split-tasks.ts",
      "shared/visible-text.ts",
    ],
    worker: [
      "task*",
      "estimates",
      "delete-with-timer",
      "clear-with-timer",
      "removed-marker-titles",
      "never-shown",
      "security-task-writes",
    ],
    e2e: [
      "braindump*",
      "language-braindump",
      "answers",
      "early-answers",
      "task-titles",
      "long-text",
      "organize-touch",
      "covered-controls",
      "real-length-layout",
      "right-to-left",
    ],
  },
  changes: {
    sources: ["worker/changes/", "worker/change-subscribers.ts", "web/changes/", "web/sw-outbox.ts"],
    worker: ["change-*", "apply-once", "undo", "write-guards", "batch-failure", "write-revocation"],
    e2e: ["offline-changes", "toasts"],
  },
  day: {
    sources: ["worker/day/", "worker/today/", "shared/day.ts"],
    worker: [
      "day-begun-ahead",
      "day-history",
      "day-marks",
      "day-start",
      "day-truth",
      "day",
      "plan-reminder",
      "plan-move-later",
      "weekly-push",
      "usual-focus",
    ],
    e2e: ["day", "day-plan", "plan-size"],
  },
  dayClose: {
    sources: ["worker/day-close/", "web/features/day-close/", "shared/day-close.ts", "shared/day-close-moves.ts"],
    worker: ["day-close*"],
    e2e: ["day-close", "language-routines-close"],
  },
  done: { sources: ["web/features/done/"], worker: ["day-history"], e2e: ["day", "language-settings-auth-done"] },
  focus: {
    sources: ["worker/focus/", "web/features/focus/", "shared/timer.ts"],
    worker: ["focus-*"],
    e2e: ["focus", "language-focus-analytics-no-list"],
  },
  hub: {
    sources: ["worker/hub/", "worker/hub-host/", "shared/live-protocol.ts"],
    worker: ["hub-parts", "weekly-push", "tasks-change-message", "live-*", "account-hub-wipe"],
    e2e: ["live-revocation", "language-live"],
  },
  landing: { sources: ["web/features/landing/"], worker: [], e2e: ["landing"] },
  noList: {
    sources: ["worker/tasks/no-list-routes.ts", "web/features/no-list/"],
    worker: ["no-list"],
    e2e: ["no-list", "language-focus-analytics-no-list"],
  },
  offline: {
    sources: ["web/features/offline/", "web/sw.ts", "web/sw-push.ts"],
    worker: [],
    e2e: ["offline*", "share-target"],
  },
  push: {
    sources: ["worker/push/"],
    worker: ["push", "push-language", "security-push-endpoints", "day-close-push"],
    e2e: [],
  },
  routines: {
    sources: ["worker/routines/", "web/features/routines/", "shared/routines.ts"],
    worker: ["routine*"],
    e2e: ["routines*", "language-routines-close"],
  },
  suggestions: {
    sources: ["worker/suggestions/", "web/features/suggestions/"],
    worker: ["suggestion*", "local-generator"],
    e2e: ["suggestions", "language-focus-analytics-no-list"],
  },
  // Where every person's rows live: the databases, their migrations and the daily clean-up.
  databases: {
    sources: ["worker/db/", "migrations/", "worker/scheduled.ts"],
    worker: ["person-*", "query-plans", "d1-*", "scheduled-cleanup", "account-deletion-races"],
    e2e: [],
  },
  // The request path every route shares: the app, its errors, validation and headers.
  http: {
    sources: ["worker/http/", "worker/app.ts", "worker/index.ts", "worker/env.ts", "shared/schemas/"],
    worker: ["security-*", "answer-shapes", "text-length*"],
    e2e: ["headers", "routing", "failure"],
  },
  // The web app's frame around the features: shell, routing, shared UI and its API client.
  shell: {
    sources: [
      "web/shell/",
      "web/ui/",
      "web/api/",
      "web/app.tsx",
      "web/router.tsx",
      "web/main.tsx",
      "web/start.tsx",
      "web/first-screen.ts",
      "web/first-paint.js",
      "web/index.html",
      "web/public/",
      "web/styles.css",
    ],
    worker: [],
    e2e: [
      "shell",
      "routing",
      "keyboard",
      "a11y",
      "small-words",
      "toasts*",
      "failure",
      "manifest",
      "headers",
      "language-common",
      "right-to-left",
    ],
  },
};

/** Tests run on every quick run: cheap, and they answer for the suite itself. */
export const ALWAYS = { worker: ["health", "suite-clock"], e2e: [] as string[] };

const matches = (name: string, pattern: string) =>
  pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

/** Strips a test file's folder and suffix: its name in the map. */
export function testName(path: string): string {
  return (path.split("/").pop() ?? path).replace(/\.(test|spec)\.ts$/, "");
}

/**
 * The worker and browser test files (of those given) to run for the changed paths: the tests of every
 * area a path is in, every changed test file itself, and the always-run tests.
 */
export function testsFor(
  changed: readonly string[],
  all: { worker: readonly string[]; e2e: readonly string[] },
): { worker: string[]; e2e: string[]; areas: string[] } {
  const touched = Object.entries(AREAS).filter(([, area]) =>
    changed.some((path) => area.sources.some((source) => path.startsWith(source))),
  );
  const pick = (kind: "worker" | "e2e", dir: string) => {
    const patterns = [...ALWAYS[kind], ...touched.flatMap(([, area]) => area[kind])];
    return all[kind].filter(
      (file) => changed.includes(`${dir}${file}`) || patterns.some((pattern) => matches(testName(file), pattern)),
    );
  };
  return {
    worker: pick("worker", "tests/worker/"),
    e2e: pick("e2e", "tests/e2e/"),
    areas: touched.map(([name]) => name),
  };
}

/**
 * One line per test file no area reaches and ALWAYS does not name. A pattern that names no file yet is
 * no problem: a test file may come in a branch merged later.
 */
export function mapProblems(all: { worker: readonly string[]; e2e: readonly string[] }): string[] {
  const problems: string[] = [];
  for (const kind of ["worker", "e2e"] as const) {
    const patterns = [...ALWAYS[kind], ...Object.values(AREAS).flatMap((area) => area[kind])];
    const names = all[kind].map(testName);
    for (const name of names) {
      if (!patterns.some((pattern) => matches(name, pattern))) {
        problems.push(`${kind} test ${name}: no area of scripts/test-map.ts reaches it, nor ALWAYS`);
      }
    }
  }
  return problems;
}
