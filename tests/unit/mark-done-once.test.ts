import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Day } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { queryKeys } from "../../web/api/query-keys";
import { markDoneMutation } from "../../web/api/tasks";
import { isUnsynced } from "../../web/changes/shown-task";
import { task } from "./task-fixture";

// A one-tap done is written into the cached tasks once, by its change kind's step
// (docs/decisions/394-a-done-is-shown-once.md): the hook does not write it too.

const TODAY = "2026-11-26";
const carried = task(2, { title: "Renew the passport", createdAt: "2026-11-20T10:00:00.000Z" });

/** The server, answering the PATCH when `answer` is called; every request it was sent. */
function server() {
  let answer: (res: Response) => void = () => {};
  const sent: string[] = [];
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal("localStorage", { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal("fetch", (path: string, init: RequestInit) => {
    sent.push(`${init.method} ${path}`);
    return new Promise<Response>((resolve) => {
      answer = resolve;
    });
  });
  return { sent, answer: (res: Response) => answer(res) };
}

function signedIn() {
  const client = new QueryClient();
  client.setQueryData(queryKeys.user, { id: "u1", timeZone: "UTC", dayStartHour: 4 });
  client.setQueryData<Task[]>(queryKeys.tasks, [task(1), carried]);
  client.setQueryData(queryKeys.day, { date: TODAY, carriedOver: [{ ...carried, daysCarried: 6 }] } as Partial<Day>);
  return client;
}

/** Each write of the cached tasks that leaves `id` done. */
function finishesOf(client: QueryClient, id: number): Task[][] {
  const writes: Task[][] = [];
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success" || !event.action.manual) return;
    if (event.query.queryKey[0] !== queryKeys.tasks[0]) return;
    const tasks = event.query.state.data as Task[];
    if (tasks.some((one) => one.id === id && one.isCompleted)) writes.push(tasks);
  });
  return writes;
}

afterEach(() => vi.unstubAllGlobals());

describe("a one-tap done on the device", () => {
  it("is written into the cached tasks once, before the answer, with what its change shows (the carried list too)", async () => {
    const network = server();
    const client = signedIn();
    const writes = finishesOf(client, carried.id);
    const toasts: string[] = [];
    const done = new MutationObserver(
      client,
      markDoneMutation(client, {
        onSuccess: (_answer, finished) => toasts.push(`done ${finished.title}`),
        onError: (_err, finished) => toasts.push(`not done ${finished.title}`),
      }),
    ).mutate(carried);
    await vi.waitFor(() => expect(network.sent).toEqual(["PATCH /api/tasks/2"]));
    expect(writes).toHaveLength(1);
    const shown = client.getQueryData<Task[]>(queryKeys.tasks)?.find((one) => one.id === carried.id);
    // Sent, not kept on the device: it is not "Not synced".
    expect(shown && isUnsynced(shown)).toBe(false);
    expect(client.getQueryData<Day>(queryKeys.day)?.carriedOver).toEqual([]);
    network.answer(Response.json({ ...carried, isCompleted: true, completedAt: `${TODAY}T18:00:00.000Z` }));
    await done;
    expect(writes).toHaveLength(1);
    expect(toasts).toEqual(["done Renew the passport"]);
  });

  it("refused, the task and the day show as they were", async () => {
    const network = server();
    const client = signedIn();
    const before = { tasks: client.getQueryData(queryKeys.tasks), day: client.getQueryData(queryKeys.day) };
    const done = new MutationObserver(client, markDoneMutation(client, { onSuccess: () => {}, onError: () => {} }))
      .mutate(carried)
      .catch((err: unknown) => err);
    await vi.waitFor(() => expect(network.sent).toHaveLength(1));
    network.answer(Response.json({ message: "Task 2 not found." }, { status: 404 }));
    expect(await done).toMatchObject({ status: 404 });
    expect(client.getQueryData(queryKeys.tasks)).toEqual(before.tasks);
    expect(client.getQueryData(queryKeys.day)).toEqual(before.day);
  });
});
