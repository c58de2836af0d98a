import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { generateLocalAnswer, generateLocalSuggestions } from "../../worker/suggestions/local-generator";
import { api, ORIGIN, registerUser } from "./helpers";
import { brokenRules, SUGGESTION_PROMPTS } from "./suggestion-prompts";

// The measured quality of suggestions on the development half of the prompt set
// (docs/decisions/160-suggestions-measured-by-a-prompt-set.md): every prompt is one test per path;
// bench/suggestions.mjs counts them into a pass rate, beside the held-out half
// (suggestion-held-out.test.ts).

describe("development: the embedded generator", () => {
  it.each(SUGGESTION_PROMPTS)("$prompt", (prompt) => {
    const answer = generateLocalAnswer(prompt.prompt);
    // A goal no recipe knows gets an honest "none", with why (docs/decisions/231-never-filler.md):
    // no line to break a rule; bench/RESULTS.md counts these apart.
    if (answer.kind === "none") expect(answer).toMatchObject({ suggestions: [], noneReason: "unknown" });
    else expect(brokenRules(prompt, answer.suggestions)).toEqual([]);
  });
});

type Answer = { suggestions: string[]; provider: string; failure: string | null; kind: string };
type Received = { body: { messages: { role: string; content: string }[] } }[];

let warnings: MockInstance;
beforeEach(() => {
  warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warnings.mockRestore());

describe("development: the model path, against a careless OpenAI-compatible model", () => {
  it.each(SUGGESTION_PROMPTS)("$prompt", async (prompt) => {
    const { token } = await registerUser();
    // An open task and a No-list item the model will offer back (the stand-in repeats them): two
    // of its own good ideas when it has plenty, else two of the person's everyday ones.
    const likely = generateLocalSuggestions(prompt.prompt);
    const [openTask, noListItem] =
      likely.length >= 5 ? likely.slice(1, 3) : ["Water the plants", "Scroll social media"];
    for (const json of [{ title: openTask }, { title: noListItem, category: "no_list" }]) {
      expect((await api("/api/tasks", { method: "POST", token, json })).status).toBe(201);
    }

    const id = crypto.randomUUID();
    const request = new Request(`${ORIGIN}/api/ai/task-suggestions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ prompt: prompt.prompt }),
    });
    const overrides = { AI_PROVIDER: "openai", OPENAI_BASE_URL: `${env.OPENAI_BASE_URL}/planner/${id}/v1` };
    const ctx = createExecutionContext();
    const res = await app.fetch(request, { ...env, ...overrides } as Bindings, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    // The stand-in's good lines are the embedded generator's: where it has none, the careless
    // model gives nothing usable, and the answer says so with no lines
    // (docs/decisions/231-never-filler.md); else its good lines are kept.
    expect(answer.provider).toBe("openai");
    if (likely.length === 0) {
      expect(answer).toMatchObject({ kind: "none", suggestions: [], failure: "unusable" });
      return;
    }
    expect(answer).toMatchObject({ kind: "suggestions", failure: null });

    // The model was told the day; what it offered back of it, and its careless lines, are gone.
    const [call] = (await (await fetch(`${env.OPENAI_BASE_URL}/requests/${id}`)).json()) as Received;
    const user = call?.body.messages[1]?.content ?? "";
    expect(user).toContain(JSON.stringify(openTask));
    expect(user).toContain(JSON.stringify(noListItem));
    expect(answer.suggestions).not.toContain(openTask);
    expect(answer.suggestions).not.toContain(noListItem);
    expect(answer.suggestions.length).toBeLessThanOrEqual(6);
    expect(brokenRules(prompt, answer.suggestions)).toEqual([]);
  });
});
