import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { createDb } from "../../worker/db/client";
import { listVisibleTasks, toTask } from "../../worker/db/task-rows";
import {
  cachedList,
  clearListCache,
  hasCachedList,
  LIST_CACHE_MAX_CHARS,
  storeList,
} from "../../worker/tasks/list-cache";
import { api, createTask, PASSWORD, registerUser } from "./helpers";

/** GET /api/tasks as a browser revalidating with `ifNoneMatch` would send it. */
async function getList(token: string, ifNoneMatch?: string) {
  const res = await api("/api/tasks", { token, headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} });
  return {
    status: res.status,
    etag: res.headers.get("ETag"),
    cacheControl: res.headers.get("Cache-Control"),
    text: await res.text(),
  };
}

/** What the list must be: every visible row mapped by the drizzle path the other routes answer with. */
async function expectedBody(userId: string) {
  return JSON.stringify((await listVisibleTasks(createDb(env.DB), userId)).map(toTask));
}

async function post(token: string, path: string, json?: unknown) {
  const res = await api(path, { method: "POST", token, json });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return text ? (JSON.parse(text) as unknown) : null;
}

async function patch(token: string, id: number, json: unknown) {
  const res = await api(`/api/tasks/${id}`, { method: "PATCH", token, json });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("GET /api/tasks answer", () => {
  it("is byte for byte the docs/product.md#task shape of every visible task, with an ETag and private no-cache", async () => {
    const { token, user } = await registerUser();
    await post(token, "/api/process-tasks", {
      text: 'Say "hi" \\ to Zoë\nEmoji 🎉 and \u2028 separator',
      allowDuplicates: true,
    });
    const created = (await post(token, "/api/tasks", {
      title: "AI add",
      description: 'line\nbreak "quoted"',
      category: null,
      isCompleted: true,
      isPriority: true,
      noListReason: null,
    })) as Task;
    await post(token, "/api/tasks", { title: "Say no", category: "no_list", noListReason: "not mine" });
    await createTask(token, { title: "[REMOVED] Task 1" });
    const first = await getList(token);
    expect(first.status).toBe(200);
    expect(first.text).toBe(await expectedBody(user.id));
    const tasks = JSON.parse(first.text) as Task[];
    expect(tasks.map((t) => t.title)).toEqual([
      'Say "hi" \\ to Zoë',
      "Emoji 🎉 and \u2028 separator",
      "AI add",
      "Say no",
    ]);
    expect(tasks.find((t) => t.id === created.id)?.category).toBeNull();
    expect(first.etag).toMatch(/^W\/"tasks-/);
    expect(first.cacheControl).toBe("private, no-cache");
    // The second answer comes from this isolate's cache: the same bytes and the same tag.
    expect(hasCachedList(user.id)).toBe(true);
    const second = await getList(token);
    expect(second).toEqual(first);
  });

  it('hides only the exact "[REMOVED]" marker, as the browser does (docs/decisions/114-removed-test-per-side-case-sensitive.md)', async () => {
    const { token } = await registerUser();
    await createTask(token, { title: "Note [REMOVED] here" });
    await post(token, "/api/tasks", { title: "A [removed] tag in lower case" });
    const tasks = JSON.parse((await getList(token)).text) as Task[];
    expect(tasks.map((t) => t.title)).toEqual(["A [removed] tag in lower case"]);
  });

  it("lists each task's fields in the order of docs/product.md#task", async () => {
    const { token } = await registerUser();
    await post(token, "/api/tasks", { title: "Fields" });
    const [task] = JSON.parse((await getList(token)).text) as Record<string, unknown>[];
    expect(Object.keys(task ?? {})).toEqual([
      "id",
      "userId",
      "title",
      "description",
      "category",
      "isCompleted",
      "isPriority",
      "noListReason",
      "answers",
      "createdAt",
      "completedAt",
      "priorityDate",
      "noListDate",
      "routineId",
      "estimateMinutes",
    ]);
  });

  it("an empty list is [] with a tag too", async () => {
    const { token } = await registerUser();
    const res = await getList(token);
    expect(res.status).toBe(200);
    expect(res.text).toBe("[]");
    expect(res.etag).toBeTruthy();
  });
});

describe("the list's ETag changes after every kind of task write", () => {
  it("braindump, create, every PATCH, priorities, No-list commit and clear, delete, clear, Start Fresh", async () => {
    const { token, user } = await registerUser();
    const seen = new Set<string>();
    /** The current list must carry a tag never seen before and match the database. */
    const expectNewTag = async (what: string) => {
      const { status, etag, text } = await getList(token);
      expect(status, what).toBe(200);
      expect(etag, what).toBeTruthy();
      expect(seen.has(etag as string), `${what}: the tag did not change`).toBe(false);
      seen.add(etag as string);
      expect(text, what).toBe(await expectedBody(user.id));
      return JSON.parse(text) as Task[];
    };
    await expectNewTag("new account");
    await post(token, "/api/process-tasks", { text: "one\ntwo\nthree\nfour", allowDuplicates: true });
    const [one, two, three, four] = (await expectNewTag("braindump")).map((t) => t.id) as number[];
    await post(token, "/api/tasks", { title: "five" });
    await expectNewTag("create");
    await patch(token, one as number, { title: "one, renamed" });
    await expectNewTag("rename");
    await patch(token, one as number, { category: "urgent" });
    await expectNewTag("organize: category move");
    await patch(token, two as number, { isPriority: true, description: "why" });
    await expectNewTag("priority and description");
    await patch(token, two as number, { isCompleted: true });
    await expectNewTag("complete");
    await post(token, "/api/tasks/priorities", {
      tasks: [
        { id: three, answers: { urgent: true, important: true } },
        { id: four, answers: { urgent: false } },
      ],
    });
    await expectNewTag("priorities");
    await post(token, "/api/no-list/commit", { items: [{ id: three, reason: "not now" }] });
    await expectNewTag("No-list commit");
    await post(token, "/api/no-list/clear", { ids: [three] });
    await expectNewTag("No-list clear");
    const res = await api(`/api/tasks/${four}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    await expectNewTag("delete");
    const { undoToken } = (await res.json()) as { undoToken: string };
    await post(token, "/api/undo", { token: undoToken });
    await expectNewTag("undo");
    await post(token, "/api/tasks/clear");
    expect(await expectNewTag("clear")).toEqual([]);
    await post(token, "/api/tasks", { title: "after clear" });
    await expectNewTag("create after clear");
    await post(token, "/api/start-fresh");
    expect(await expectNewTag("Start Fresh")).toEqual([]);
  });

  it("a write by any other statement (another device, isolate or future route) is seen at once", async () => {
    const { token, user } = await registerUser();
    await post(token, "/api/process-tasks", { text: "alpha\nbeta", allowDuplicates: true });
    const before = await getList(token);
    expect(hasCachedList(user.id)).toBe(true);
    // Straight to the database, behind this isolate's cache: the triggers still bump the version.
    await env.DB.prepare("update tasks set title = 'gamma' where user_id = ? and title = 'beta'").bind(user.id).run();
    const after = await getList(token, before.etag as string);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect((JSON.parse(after.text) as Task[]).map((t) => t.title)).toEqual(["alpha", "gamma"]);
    await env.DB.prepare("delete from tasks where user_id = ? and title = 'alpha'").bind(user.id).run();
    const third = await getList(token);
    expect(third.text).toBe(await expectedBody(user.id));
    expect(third.etag).not.toBe(after.etag);
  });
});

describe("If-None-Match", () => {
  it("answers 304 with no body only for the current tag of this user", async () => {
    const { token } = await registerUser();
    await post(token, "/api/process-tasks", { text: "a\nb", allowDuplicates: true });
    const { etag } = await getList(token);
    const tag = etag as string;
    for (const header of [tag, tag.replace(/^W\//, ""), `"other", ${tag}`, "*"]) {
      const res = await getList(token, header);
      expect(res.status, header).toBe(304);
      expect(res.text, header).toBe("");
      expect(res.etag, header).toBe(tag);
      expect(res.cacheControl, header).toBe("private, no-cache");
    }
    for (const header of [
      'W/"tasks-1-someone-1"',
      '"garbage"',
      tag.replace(/-(\d+)"$/, (_, v) => `-${Number(v) + 1}"`),
      // The same version spelled another way is not this tag: a full answer, never a 500.
      tag.replace(/-(\d+)"$/, (_, v) => `-0${v}"`),
      tag.replace(/-(\d+)"$/, (_, v) => `-${v}.0"`),
    ]) {
      const res = await getList(token, header);
      expect(res.status, header).toBe(200);
      expect((JSON.parse(res.text) as Task[]).length, header).toBe(2);
    }
  });

  it("works the same in an isolate that has nothing cached (another isolate, after a restart)", async () => {
    const { token, user } = await registerUser();
    await post(token, "/api/process-tasks", { text: "a\nb", allowDuplicates: true });
    const { etag, text } = await getList(token);
    clearListCache();
    expect((await getList(token, etag as string)).status).toBe(304);
    expect(hasCachedList(user.id)).toBe(false);
    await post(token, "/api/tasks", { title: "c" });
    clearListCache();
    const changed = await getList(token, etag as string);
    expect(changed.status).toBe(200);
    expect(changed.text).toBe(await expectedBody(user.id));
    expect(changed.text).not.toBe(text);
  });

  it("after a change the old tag gets the full new list", async () => {
    const { token } = await registerUser();
    await post(token, "/api/tasks", { title: "first" });
    const old = await getList(token);
    await post(token, "/api/tasks", { title: "second" });
    const res = await getList(token, old.etag as string);
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as Task[]).map((t) => t.title)).toEqual(["first", "second"]);
  });

  it("without a live session answers 401, never 304 or a cached body (logout, account deletion)", async () => {
    const a = await registerUser();
    await post(a.token, "/api/tasks", { title: "private" });
    const before = await getList(a.token);
    await post(a.token, "/api/auth/logout");
    for (const header of [undefined, before.etag as string]) {
      const res = await getList(a.token, header);
      expect(res.status).toBe(401);
      expect(res.text).not.toContain("private");
    }

    const b = await registerUser();
    await post(b.token, "/api/tasks", { title: "mine" });
    const tagged = await getList(b.token);
    const deleted = await api("/api/account", {
      method: "DELETE",
      token: b.token,
      json: { confirmation: "DELETE", password: PASSWORD },
    });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
    const res = await getList(b.token, tagged.etag as string);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain("mine");
  });
});

describe("users never see each other's list", () => {
  it("two users at the same version each get their own body, and one's tag is no 304 for the other", async () => {
    const a = await registerUser();
    const b = await registerUser();
    // The same writes, so both are at the same tasks version.
    await post(a.token, "/api/tasks", { title: "a's secret" });
    await post(b.token, "/api/tasks", { title: "b's task" });
    const listA = await getList(a.token);
    expect(hasCachedList(a.user.id)).toBe(true);
    const listB = await getList(b.token, listA.etag as string);
    expect(listB.status).toBe(200);
    expect(listB.text).not.toContain("a's secret");
    expect(listB.text).toBe(await expectedBody(b.user.id));
    expect(listB.etag).not.toBe(listA.etag);
    expect((await getList(a.token)).text).toBe(await expectedBody(a.user.id));
  });
});

describe("the per-isolate list cache", () => {
  it("answers only the version it was stored at", () => {
    clearListCache();
    storeList("u1", 3, "[1]");
    expect(cachedList("u1", 3)).toBe("[1]");
    expect(cachedList("u1", 4)).toBeUndefined();
    expect(cachedList("u2", 3)).toBeUndefined();
    storeList("u1", 4, "[2]");
    expect(cachedList("u1", 3)).toBeUndefined();
    expect(cachedList("u1", 4)).toBe("[2]");
  });

  it("stays within its bound, dropping the least recently used list first", () => {
    clearListCache();
    const third = "x".repeat(Math.floor(LIST_CACHE_MAX_CHARS / 3));
    storeList("old", 1, third);
    storeList("used", 1, third);
    storeList("new", 1, third);
    expect(cachedList("old", 1)).toBe(third); // now the most recently used
    storeList("newest", 1, third);
    expect(hasCachedList("used")).toBe(false);
    expect(["old", "new", "newest"].every(hasCachedList)).toBe(true);
    storeList("huge", 1, "x".repeat(LIST_CACHE_MAX_CHARS + 1));
    expect(hasCachedList("huge")).toBe(false);
    clearListCache();
  });
});
