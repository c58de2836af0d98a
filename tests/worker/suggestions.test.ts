import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LIMITS } from "../../shared/constants";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { SUGGESTION_RATE } from "../../worker/suggestions/rate-limit";
import { api, ORIGIN, registerUser } from "./helpers";
import { inOneLimiterWindow } from "./limiter-window";

const PATH = "/api/ai/task-suggestions";

type Answer = { suggestions: string[]; provider: string; failure: string | null };
type ErrorBody = { message: string; issues?: { path: (string | number)[] }[] };

function ask(token: string, json: unknown) {
  return api(PATH, { method: "POST", token, json });
}

/** The whole app under another configuration (provider, timeout), with the real D1 and limiter. */
async function askWith(overrides: Partial<Bindings>, token: string, json: unknown) {
  const request = new Request(`${ORIGIN}${PATH}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(json),
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, ...overrides } as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function addTask(token: string, title: string) {
  const res = await api("/api/tasks", { method: "POST", token, json: { title } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

describe("POST /api/ai/task-suggestions with the local provider", () => {
  it("turns the person's words into task titles and says they came from the local generator", async () => {
    const { token } = await registerUser();
    const res = await ask(token, { prompt: "I need to call the bank and book the dentist. Also get fit!" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    const body = (await res.json()) as Answer;
    expect(body.provider).toBe("local");
    expect(body.failure).toBeNull();
    expect(body.suggestions).toEqual([
      "Call the bank",
      "Book the dentist",
      "Pick three workout days this week",
      "Take a 20-minute walk today",
      "Lay out your workout clothes tonight",
    ]);
  });

  it("answers an empty list, and why, when nothing in the prompt is a task", async () => {
    const { token } = await registerUser();
    const res = await ask(token, { prompt: "hello" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      suggestions: [],
      provider: "local",
      kind: "none",
      noneReason: "unknown",
      failure: null,
    });
  });

  it("says it reads only English for a prompt in another language", async () => {
    const { token } = await registerUser();
    const res = await ask(token, { prompt: "Je dois préparer un entretien d'embauche pour lundi" });
    expect(await res.json()).toEqual({
      suggestions: [],
      provider: "local",
      kind: "none",
      noneReason: "language",
      failure: null,
    });
  });

  it("leaves out titles the person already has or said no to, case-insensitively, and only theirs", async () => {
    const me = await registerUser();
    const other = await registerUser();
    await addTask(me.token, "call the BANK");
    const noList = await api("/api/tasks", {
      method: "POST",
      token: me.token,
      json: { title: "Walk the dog", category: "no_list" },
    });
    expect(noList.status).toBe(201);
    await addTask(other.token, "Book the dentist");
    const res = await ask(me.token, { prompt: "call the bank, book the dentist, walk the dog and pay the rent" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).suggestions).toEqual(["Book the dentist", "Pay the rent"]);
  });

  it("gives at most 8 suggestions of at most 120 characters", async () => {
    const { token } = await registerUser();
    const long = `write ${"a very long sentence about many things ".repeat(6)}`;
    const prompt = [long, ...Array.from({ length: 12 }, (_, i) => `call person number ${i + 1}`)].join("\n");
    const res = await ask(token, { prompt });
    const body = (await res.json()) as Answer;
    expect(body.suggestions).toHaveLength(LIMITS.suggestionsMax);
    for (const title of body.suggestions) expect(title.length).toBeLessThanOrEqual(LIMITS.suggestionMax);
    expect(body.suggestions[0]).toMatch(/^Write a very long sentence .*…$/);
    expect(body.suggestions[7]).toBe("Call person number 7");
  });
});

describe("POST /api/ai/task-suggestions input", () => {
  it("needs a signed-in user", async () => {
    const res = await api(PATH, { method: "POST", json: { prompt: "call mom" } });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ prompt: "" }, /Please enter a prompt/],
    [{ prompt: "   \n\t " }, /Please enter a prompt/],
    [{ prompt: 42 }, /prompt must be text/],
    [{ prompt: null }, /prompt must be text/],
    [{ prompt: ["call mom"] }, /prompt must be text/],
    [{}, /prompt must be text/],
    [{ prompt: "x".repeat(LIMITS.promptMax + 1) }, /at most 2000 characters/],
  ])("refuses %o with a clear 400 naming the prompt", async (json, message) => {
    const { token } = await registerUser();
    const res = await ask(token, json);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.message).toMatch(message);
    expect(body.issues?.[0]?.path).toEqual(["prompt"]);
  });

  it("accepts a prompt of exactly the maximum length", async () => {
    const { token } = await registerUser();
    const prompt = `call mom ${"x".repeat(LIMITS.promptMax - 9)}`;
    expect(prompt).toHaveLength(LIMITS.promptMax);
    expect((await ask(token, { prompt })).status).toBe(200);
  });

  it.each([
    ["broken JSON", "{not json"],
    ["a JSON array", "[]"],
    ["a JSON string", '"call mom"'],
  ])("refuses %s with 400", async (_label, body) => {
    const { token } = await registerUser();
    const res = await api(PATH, { method: "POST", token, headers: { "Content-Type": "application/json" }, body });
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as ErrorBody).message).toBe("string");
  });
});

describe("POST /api/ai/task-suggestions rate limit", () => {
  it("answers 429 with Retry-After once a user asks too often, without slowing other users", async () => {
    // The limiter counts per minute of the wall clock: the requests are counted inside one.
    const { statuses, throttled } = await inOneLimiterWindow(async () => {
      const { token } = await registerUser();
      // Invalid requests are refused before they count.
      const seen: number[] = [];
      for (let i = 0; i < SUGGESTION_RATE.limit + 2; i++) seen.push((await ask(token, { prompt: " " })).status);
      let refused: Response | undefined;
      for (let i = 0; i <= SUGGESTION_RATE.limit && !refused; i++) {
        const res = await ask(token, { prompt: "call mom" });
        seen.push(res.status);
        if (res.status === 429) refused = res;
      }
      return { statuses: seen, throttled: refused };
    }, SUGGESTION_RATE.periodSeconds);
    expect(statuses).toEqual([
      ...Array(SUGGESTION_RATE.limit + 2).fill(400),
      ...Array(SUGGESTION_RATE.limit).fill(200),
      429,
    ]);
    if (!throttled) throw new Error("never throttled");
    expect(throttled.headers.get("Retry-After")).toBe(String(SUGGESTION_RATE.periodSeconds));
    expect(((await throttled.json()) as ErrorBody).message).toMatch(/Too many suggestion requests/);

    const other = await registerUser();
    expect((await ask(other.token, { prompt: "call mom" })).status).toBe(200);
  });
});

describe("POST /api/ai/task-suggestions configuration", () => {
  it.each([
    ["workers-ai without the AI binding", { AI_PROVIDER: "workers-ai", AI: undefined }],
    ["an unknown provider", { AI_PROVIDER: "banana" }],
  ])("answers 503 for %s", async (_label, overrides) => {
    const { token } = await registerUser();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await askWith(overrides, token, { prompt: "call mom" });
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorBody).message).toMatch(/not available/);
    errors.mockRestore();
  });

  it("uses the local generator when AI_PROVIDER is local, even with Workers AI bound", async () => {
    const { token } = await registerUser();
    const res = await askWith({ AI_PROVIDER: "local" }, token, { prompt: "call mom" });
    expect(await res.json()).toMatchObject({ provider: "local", failure: null, kind: "none", noneReason: "unknown" });
  });
});
