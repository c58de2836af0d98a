import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deleteAccount, expectNothingLeft } from "./deletion-helpers";
import { api, createTask } from "./helpers";
import { HOME_NAMES, registerFrom } from "./homes";

/*
 * Writes racing one's own account deletion (docs/decisions/316-a-change-whose-person-is-gone.md): a
 * write whose session check passed just before the deletion committed finds the person's row gone
 * when its batch runs. It answers 401, the session having ended, never a 500; and nothing of the
 * person is left behind in either database. Both homes: DB (the directory's own) and PERSON_DB_1.
 */

type Send = { path: string; send: () => Promise<Response> };

/** The writes the probe found answering 500, each sent `n` times. */
function writes(token: string, taskIds: number[], n: number): Send[] {
  const post = (path: string, json: unknown): Send => ({
    path,
    send: () => api(path, { method: "POST", token, json }),
  });
  return Array.from({ length: n }, (_, i) => [
    post("/api/tasks", { title: `Write the report, part ${i}` }),
    post("/api/routines", { title: `Stretch, take ${i}`, repeat: { every: "day" } }),
    post("/api/day/close", { note: `Evening ${i}`, moves: taskIds.map((id) => ({ id, to: "later" })) }),
    post("/api/routines/import", {
      routines: [{ title: `Water the plants ${i}`, repeat: { every: "week", days: ["mon"] } }],
    }),
  ]).flat();
}

/**
 * Whether an answer is one a write may give while the account is deleted under it: done (2xx), or
 * the session ended (401). Imports sent at once also refuse each other (409, "import again": the
 * person's routines changed while importing), deletion or not.
 */
function answersTheRace(path: string, status: number): boolean {
  return (status >= 200 && status < 300) || status === 401 || (path === "/api/routines/import" && status === 409);
}

describe("writes racing the account's deletion", () => {
  for (const continent of ["EU", "OC"] as const) {
    it(`answer 2xx or 401, never 5xx, and leave nothing behind (homed in ${HOME_NAMES[continent]})`, async () => {
      for (let round = 0; round < 3; round += 1) {
        const person = await registerFrom(continent);
        const { token } = person;
        const tasks = [
          await createTask(token, { title: "Call the bank" }),
          await createTask(token, { title: "Tidy the desk" }),
        ];
        const sends = writes(
          token,
          tasks.map((task) => task.id),
          20,
        );
        // The last round on a new day: each write begins the day first (its session check finds it not begun).
        if (round === 2) {
          const home = continent === "EU" ? env.DB : env.PERSON_DB_1;
          await home.prepare("update users set day_begun = '2020-01-01' where id = ?").bind(person.user.id).run();
        }
        const deletion: Send = { path: "/api/account", send: () => deleteAccount(person) };
        // The deletion among them, a few writes in.
        const at = 6 + round * 10;
        sends.splice(at, 0, deletion);
        const answers = await Promise.all(
          sends.map(async ({ path, send }) => {
            const res = await send();
            return { path, status: res.status, body: await res.text() };
          }),
        );
        expect(answers.filter(({ status }) => status >= 500)).toEqual([]);
        expect(answers.filter(({ path, status }) => !answersTheRace(path, status))).toEqual([]);
        expect(answers[at]?.status).toBe(204);
        // Some writes did lose the race (the test races).
        expect(answers.some(({ status }) => status === 401)).toBe(true);
        await expectNothingLeft(person.user.id);
      }
    });
  }
});
