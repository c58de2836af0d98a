import { describe, expect, it } from "vitest";
import type { Day } from "../../shared/schemas/day";
import { createTaskChange, processTasksChange } from "../../web/changes/add-tasks";
import type { Change } from "../../web/changes/change-kind";
import { closeDay, closeDayChange, withCloseMoves } from "../../web/changes/close-day";
import { commitNoListChange } from "../../web/changes/commit-no-list";
import { noListAgainChange, noListAgainToasts } from "../../web/changes/no-list-again";
import { doneToasts, patchTaskChange, patchTaskToasts, reopenChange } from "../../web/changes/patch-task";
import { planChange, planDay } from "../../web/changes/plan-day";
import {
  CHANGE_KINDS,
  type ChangeEffect,
  type ChangeIntent,
  changeInWords,
  keptEffect,
  putBackOf,
  serverIdsOf,
  writtenIn,
} from "../../web/changes/registry";
import { deleteTaskChange } from "../../web/changes/remove-task";
import { reopenDay, reopenDayChange } from "../../web/changes/reopen-day";
import {
  addRoutineChange,
  importRoutinesChange,
  patchRoutineChange,
  removeRoutineChange,
  routineChange,
  skipRoutineChange,
} from "../../web/changes/routine-change";
import { skipDay, skipDayChange } from "../../web/changes/skip-day";
import { task } from "./task-fixture";

// docs/decisions/255-one-module-per-change-kind.md: one module per change kind, read through one
// registry; every request a screen can send is of a kind the registry knows.

/** The files of web/changes/, by name (not loaded). */
const changeFiles = Object.keys(import.meta.glob("../../web/changes/*.ts")).map(
  (path) => path.split("/").pop() ?? path,
);
/** The modules of web/changes/ that are not a kind: the contract, the registry, the first screen's part. */
const NOT_KINDS = ["change-kind.ts", "registry.ts", "shown-task.ts"];

const TITLE = "Call Sam about the Friday review";
const shown = [task(7, { title: TITLE })];

/** Every request the screens build, one or more per kind. */
const requests: Change<ChangeIntent>[] = [
  processTasksChange([TITLE, "Book flights"]),
  createTaskChange({ title: TITLE, category: "no_list" }),
  patchTaskChange(7, { title: "Call Sam about Friday" }),
  patchTaskChange(7, { isCompleted: true }),
  patchTaskChange(7, { category: "urgent" }),
  reopenChange({ id: 7 }),
  deleteTaskChange(7, { countAsCompleted: true }),
  deleteTaskChange(7, { countAsCompleted: false }),
  planChange({ priorityTaskIds: [7], noListTaskIds: [] }),
  skipDayChange(),
  noListAgainChange([7]),
  commitNoListChange({ items: [{ id: 7, reason: " Not this month " }] }),
  addRoutineChange({ title: "Take the medicine", repeat: { every: "day" } }),
  patchRoutineChange(3, "Take the medicine", { paused: true }),
  skipRoutineChange(3, "Take the medicine", "Travelling"),
  removeRoutineChange(3, "Take the medicine"),
  importRoutinesChange({
    routines: [
      { title: "Stretch", repeat: { everyDays: 3 } },
      { title: "Run", repeat: { timesPerWeek: 3 } },
    ],
  }),
  closeDayChange({ note: " A long day ", moves: [{ id: 7, to: "tomorrow" }], tomorrowFirst: 7 }),
  reopenDayChange(),
];

/** The change as the outbox stores it, through JSON as IndexedDB keeps it. */
function stored(change: Change<ChangeIntent>): ChangeEffect {
  return JSON.parse(JSON.stringify(keptEffect(change.effect, { userId: "u1", tasks: shown }))) as ChangeEffect;
}

describe("the change kinds", () => {
  it("every kind the outbox can store has its module, each in a file of web/changes/ named for it", () => {
    for (const [name, kind] of Object.entries(CHANGE_KINDS)) expect(kind.kind).toBe(name);
    const files = changeFiles.filter((file) => !NOT_KINDS.includes(file));
    expect(files).toHaveLength(Object.keys(CHANGE_KINDS).length);
    // Every request a screen builds is of a kind the registry holds, and every kind has a request.
    const sent = new Set(requests.map((change) => change.effect.kind));
    expect([...sent].sort()).toEqual(Object.keys(CHANGE_KINDS).sort());
  });

  it("its words name the task, as a refusal says it after the change waited", () => {
    const words = requests.map((change) => changeInWords(stored(change), shown));
    expect(words).toEqual([
      `Add 2 tasks`,
      `Add "${TITLE}"`,
      `Rename "${TITLE}" to "Call Sam about Friday"`,
      `Mark "${TITLE}" done`,
      `Move "${TITLE}"`,
      `Reopen "${TITLE}"`,
      `Delete "${TITLE}"`,
      `Delete "${TITLE}"`,
      "Plan your day",
      "Skip today's plan",
      `Say no again to "${TITLE}"`,
      `Say no to "${TITLE}"`,
      `Make the routine "Take the medicine"`,
      `Change the routine "Take the medicine"`,
      `Skip "Take the medicine" today`,
      `Delete the routine "Take the medicine"`,
      "Import 2 routines from a file",
      "Close your day",
      "Reopen your day",
    ]);
    // A task this device no longer knows is still said as a task.
    expect(changeInWords(stored(reopenChange({ id: 99 })), shown)).toBe(`Reopen "a task"`);
  });

  it("its toasts name the task in their title, shortened at a word, and say a change kept on the device", () => {
    expect(doneToasts.done(TITLE, true)).toEqual({
      title: `Task done: "Call Sam about the Friday…"`,
      description: `"${TITLE}" is done. It syncs when you're back online.`,
    });
    expect(doneToasts.done(TITLE, false).description).toBe(`"${TITLE}" is done.`);
    expect(doneToasts.notDone(TITLE, "Task not found.")).toEqual({
      title: `Could not mark done: "Call Sam about the Friday…"`,
      description: "Task not found.",
    });
    expect(doneToasts.undone(TITLE).title).toBe(`Undone: "Call Sam about the Friday…"`);
    expect(doneToasts.notUndone(TITLE).description).toBe("Please try again.");
    expect(patchTaskToasts.renamed("Call Sam", TITLE)).toEqual({
      title: `Task renamed: "Call Sam about the Friday…"`,
      description: `"Call Sam" is now "${TITLE}".`,
    });
    expect(patchTaskToasts.reopened(TITLE).title).toBe(`Task reopened: "Call Sam about the Friday…"`);
    expect(patchTaskToasts.notReopened(TITLE).title).toBe(`Could not reopen: "Call Sam about the Friday…"`);
    expect(patchTaskToasts.saidNo(TITLE).title).toBe(`Said no: "Call Sam about the Friday…"`);
    expect(noListAgainToasts.said(TITLE)).toEqual({
      title: `Said no again: "Call Sam about the Friday…"`,
      description: `"${TITLE}" is on today's "No" List.`,
    });
    expect(noListAgainToasts.failed()).toEqual({
      title: "Could not update your No List",
      description: "Please try again.",
    });
  });

  it("the refetch each kind asks for: the plan's and the skip's answers show at once, the rest wait for the reads", () => {
    const day = { date: "2026-11-26", planned: true, skipped: false } as Day;
    const planned = planDay.answered(day, planChange({ priorityTaskIds: [7], noListTaskIds: [] }).effect);
    expect(planned.day).toBe(day);
    expect(planned.tasks?.([task(7), task(8, { isPriority: true, priorityDate: "2026-11-25" })])).toMatchObject([
      { id: 7, isPriority: true, priorityDate: "2026-11-26" },
      { id: 8, isPriority: false, priorityDate: null },
    ]);
    expect(skipDay.answered(day)).toEqual({ day });
    const answering = Object.values(CHANGE_KINDS)
      .filter((kind) => "answered" in kind)
      .map((kind) => kind.kind);
    expect(answering.sort()).toEqual(["closeDay", "plan", "reopenDay", "skipDay"]);
    expect(reopenDay.answered(day)).toEqual({ day });
    const closed = closeDay.answered(
      day,
      closeDayChange({ note: "", moves: [{ id: 7, to: "later" }], tomorrowFirst: null }).effect,
    );
    expect(closed.day).toBe(day);
    expect(closed.tasks?.([task(7, { isPriority: true, priorityDate: "2026-11-26" })])).toMatchObject([
      { id: 7, isPriority: false, priorityDate: null },
    ]);
  });

  it("a routine's change, waiting, takes today's open occurrence off the list when it skips, pauses or deletes", () => {
    const today = [task(7, { routineId: 3 }), task(8, { routineId: 3, isCompleted: true }), task(9)];
    const shownAfter = (change: Change<ChangeIntent>) =>
      routineChange.showTasks(today, stored(change) as never).map((shown) => shown.id);
    expect(shownAfter(skipRoutineChange(3, "Stretch", null))).toEqual([8, 9]);
    expect(shownAfter(patchRoutineChange(3, "Stretch", { paused: true }))).toEqual([8, 9]);
    expect(shownAfter(patchRoutineChange(3, "Stretch", { title: "Stretch well" }))).toEqual([7, 8, 9]);
    expect(shownAfter(removeRoutineChange(3, "Stretch"))).toEqual([8, 9]);
    expect(writtenIn(stored(addRoutineChange({ title: "Stretch", repeat: { everyDays: 2 } })))).toBe("Stretch");
  });

  it("how each waits offline: new tasks get local ids, a removed task is kept for an Undo, a rename keeps its title", () => {
    const added = stored(processTasksChange([TITLE]));
    expect(added.kind === "addTasks" && added.tasks[0]?.id).toBeLessThan(0);
    const localId = added.kind === "addTasks" ? (added.tasks[0]?.id ?? 0) : 0;
    expect(serverIdsOf(added, [task(41, { title: TITLE.toLowerCase() })])).toEqual(new Map([[localId, 41]]));
    expect(serverIdsOf(stored(skipDayChange()), {})).toEqual(new Map());

    const removed = stored(deleteTaskChange(7, { countAsCompleted: true }));
    expect(putBackOf(removed)).toEqual(shown[0]);
    expect(putBackOf(stored(reopenChange({ id: 7 })))).toBeUndefined();

    expect(writtenIn(stored(patchTaskChange(7, { title: "Call Sam about Friday" })))).toBe("Call Sam about Friday");
    expect(writtenIn(stored(patchTaskChange(7, { isCompleted: true })))).toBeUndefined();
    expect(writtenIn(removed)).toBeUndefined();
  });

  it("the requests are the API's: paths, bodies and the effect each stores", () => {
    expect(processTasksChange(["A", "B"])).toMatchObject({
      method: "POST",
      path: "/api/process-tasks",
      body: { text: "A; B", allowDuplicates: true },
    });
    expect(deleteTaskChange(3, { countAsCompleted: true }).path).toBe("/api/tasks/3?complete=true");
    expect(deleteTaskChange(3, { countAsCompleted: false }).path).toBe("/api/tasks/3");
    expect(reopenChange({ id: 3 })).toMatchObject({ method: "POST", path: "/api/tasks/3/reopen" });
    expect(reopenChange({ id: 3 }).body).toBeUndefined();
    expect(patchTaskChange(3, { isCompleted: true }).effect.fields.completedAt).toEqual(expect.any(String));
    expect(commitNoListChange({ items: [{ id: 3, reason: "  " }] }).effect).toEqual({
      kind: "commitNoList",
      items: [{ id: 3, reason: null }],
    });
  });
});

describe("the evening close as it waits on the device", () => {
  it("shows every move by name, and Tomorrow names tomorrow's stars", () => {
    const today = "2026-11-26";
    const tasks = [
      task(1, { isPriority: true, priorityDate: today }),
      task(2),
      task(3, { category: "no_list", noListDate: today }),
      task(4),
      task(5),
      task(6, { isPriority: true, priorityDate: today }),
    ];
    const effect = closeDayChange({
      note: "  ",
      moves: [
        { id: 2, to: "tomorrow" },
        { id: 3, to: "later" },
        { id: 4, to: "no" },
        { id: 5, to: "done" },
        { id: 1, to: "delete" },
      ],
      tomorrowFirst: null,
    }).effect;
    expect(effect.note).toBeNull();
    const shownNow = withCloseMoves(tasks, effect, today);
    expect(shownNow.map((t) => t.id)).toEqual([2, 3, 4, 5, 6]);
    expect(shownNow).toMatchObject([
      { id: 2, isPriority: true, priorityDate: today },
      { id: 3, category: "later", noListDate: null, isPriority: false },
      { id: 4, category: "no_list", noListDate: "2026-11-27" },
      { id: 5, isCompleted: true },
      { id: 6, isPriority: false },
    ]);
    // Applied twice, it changes nothing more.
    expect(withCloseMoves(shownNow, effect, today)).toEqual(shownNow);
  });
});
