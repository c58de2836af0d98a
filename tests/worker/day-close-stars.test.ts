import { afterEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { getTasks, postPlan, setAccount, setClock } from "./day-helpers";
import { api, createTask } from "./helpers";
import { HOME_NAMES, registerFrom } from "./homes";

/*
 * The close's stars as the one rule says them (docs/decisions/393-the-close-s-moves-are-one-rule.md):
 * with a task said "Tomorrow", every other open star goes, the star of a task the close finishes
 * too, and a task said "Tomorrow" from the "No" list comes off it; the same close sent twenty times
 * at once gives that one result. In both homes of a person's rows; time is injected (setClock).
 */

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/day/close and the stars", () => {
  for (const continent of ["EU", "OC"] as const) {
    it(`names tomorrow's three: every other open star goes, once, sent 20 times at once (homed in ${HOME_NAMES[continent]})`, async () => {
      setClock("2027-05-12T08:00:00Z");
      const person = await registerFrom(continent);
      await setAccount(person.token, { timeZone: "UTC", dayStartHour: 4 });
      const finished = await createTask(person.token, { title: "Send the invoice to the workshop" });
      const kept = await createTask(person.token, { title: "Draft the quarterly plan" });
      const unnamed = await createTask(person.token, { title: "Call the landlord about the heating" });
      const saidNo = await createTask(person.token, { title: "Reorganise the garage shelves", category: "no_list" });
      const planned = await postPlan(person.token, [finished.id, kept.id, unnamed.id]);
      expect(planned.status, await planned.clone().text()).toBe(200);
      setClock("2027-05-12T21:00:00Z");
      const body = {
        moves: [
          { id: finished.id, to: "done" },
          { id: kept.id, to: "tomorrow" },
          { id: saidNo.id, to: "tomorrow" },
        ],
      };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api("/api/day/close", { method: "POST", token: person.token, json: body })),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
      const tasks = await getTasks(person.token);
      const shown = (task: Task) => {
        const now = tasks.find((one) => one.id === task.id);
        return [now?.isCompleted, now?.isPriority, now?.priorityDate, now?.category, now?.noListDate];
      };
      expect(shown(finished)).toEqual([true, false, null, "later", null]);
      expect(shown(kept)).toEqual([false, true, "2027-05-12", "later", null]);
      expect(shown(saidNo)).toEqual([false, true, "2027-05-12", "later", null]);
      expect(shown(unnamed)).toEqual([false, false, null, "later", null]);
      const counted = await person.home
        .prepare("select tasks_completed as n from daily_analytics where user_id = ? and date = ?")
        .bind(person.user.id, "2027-05-12")
        .first<{ n: number }>();
      expect(counted?.n).toBe(1);
    });
  }
});
