import { plural, t } from "@lingui/core/macro";
import type { CreateRoutineInput, ImportRoutinesInput, PatchRoutineInput } from "../../shared/schemas/routines";
import type { Change, ChangeKind } from "./change-kind";

// A change of a routine (docs/product.md#routines): made, edited, paused or resumed, today skipped,
// deleted, or routines brought from an export file. Each works offline through the outbox (docs/decisions/284-routine-changes-work-offline.md):
// while it waits, what it does to today's list shows (a skip, a pause or a delete takes today's
// open occurrence off it); the routine's own screen reads the routines again once it is sent.

export type RoutineEffect =
  | { kind: "routine"; action: "add"; title: string }
  | { kind: "routine"; action: "patch"; id: number; title: string; hidesToday: boolean }
  | { kind: "routine"; action: "skip"; id: number; title: string }
  | { kind: "routine"; action: "remove"; id: number; title: string }
  | { kind: "routine"; action: "import"; count: number };

export function addRoutineChange(input: CreateRoutineInput): Change<RoutineEffect> {
  return {
    method: "POST",
    path: "/api/routines",
    body: input,
    effect: { kind: "routine", action: "add", title: input.title },
  };
}

export function patchRoutineChange(id: number, title: string, patch: PatchRoutineInput): Change<RoutineEffect> {
  return {
    method: "PATCH",
    path: `/api/routines/${id}`,
    body: patch,
    effect: { kind: "routine", action: "patch", id, title: patch.title ?? title, hidesToday: patch.paused === true },
  };
}

export function skipRoutineChange(id: number, title: string, reason: string | null): Change<RoutineEffect> {
  return {
    method: "POST",
    path: `/api/routines/${id}/skip`,
    body: reason ? { reason } : {},
    effect: { kind: "routine", action: "skip", id, title },
  };
}

export function removeRoutineChange(id: number, title: string): Change<RoutineEffect> {
  return { method: "DELETE", path: `/api/routines/${id}`, effect: { kind: "routine", action: "remove", id, title } };
}

/** Routines of an export file (docs/decisions/301-routines-imported-from-an-export.md). */
export function importRoutinesChange(input: ImportRoutinesInput): Change<RoutineEffect> {
  return {
    method: "POST",
    path: "/api/routines/import",
    body: input,
    effect: { kind: "routine", action: "import", count: input.routines.length },
  };
}

/** Whether the change takes the routine's open occurrence off today's list. */
function hidesToday(effect: RoutineEffect): effect is Extract<RoutineEffect, { id: number }> {
  return effect.action === "skip" || effect.action === "remove" || (effect.action === "patch" && effect.hidesToday);
}

export const routineChange = {
  kind: "routine",
  showTasks: (tasks, effect) =>
    hidesToday(effect) ? tasks.filter((task) => task.routineId !== effect.id || task.isCompleted) : tasks,
  words: (effect) => {
    const count = effect.action === "import" ? effect.count : 0;
    if (effect.action === "import")
      return plural(count, { one: "Import # routine from a file", other: "Import # routines from a file" });
    const title = effect.title;
    switch (effect.action) {
      case "add":
        return t`Make the routine "${title}"`;
      case "patch":
        return t`Change the routine "${title}"`;
      case "skip":
        return t`Skip "${title}" today`;
      case "remove":
        return t`Delete the routine "${title}"`;
    }
  },
  written: (effect) => (effect.action === "add" ? effect.title : undefined),
} satisfies ChangeKind<RoutineEffect>;
