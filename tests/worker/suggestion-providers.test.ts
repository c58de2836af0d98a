import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { WORKERS_AI_MODEL } from "../../worker/suggestions/workers-ai";
import { api, ORIGIN, registerUser } from "./helpers";

type Answer = { suggestions: string[]; provider: string };
type ErrorBody = { message: string };

/** The whole app with another provider configuration, over the real D1 and rate limiter. */
async function askWith(overrides: Partial<Bindings>, token: string, prompt: string) {
  const request = new Request(`${ORIGIN}/api/ai/task-suggestions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ prompt }),
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, ...overrides } as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

// Provider failures are logged (without the prompt); keep the test output quiet and check the lines.
let logs: MockInstance[] = [];
beforeEach(() => {
  logs = (["log", "info", "warn", "error"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(() => {}),
  );
});
afterEach(() => {
  for (const spy of logs) spy.mockRestore();
});
function loggedText(): string {
  return logs.flatMap((spy) => spy.mock.calls.flat().map(String)).join("\n");
}

describe("openai provider against a real OpenAI-compatible server on loopback", () => {
  const root = env.OPENAI_BASE_URL;
  const scenario = (name: string) => {
    const id = crypto.randomUUID();
    return { id, config: { AI_PROVIDER: "openai", OPENAI_BASE_URL: `${root}/${name}/${id}/v1` } };
  };

  it("asks for structured output with the key and model, and cleans what comes back", async () => {
    const { token } = await registerUser();
    const created = await api("/api/tasks", { method: "POST", token, json: { title: "Call the bank" } });
    expect(created.status).toBe(201);
    const { id, config } = scenario("echo");
    // The echo server answers the lines of the prompt as the model's suggestions.
    const prompt = [
      "  Book the dentist  ",
      "book the DENTIST",
      "call the bank",
      "",
      "1. Pay the rent",
      "x".repeat(300),
      "[REMOVED] Task 9",
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
    ].join("\n");
    const res = await askWith(config, token, prompt);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.provider).toBe("openai");
    expect(body.suggestions).toHaveLength(8);
    expect(body.suggestions.slice(0, 2)).toEqual(["Book the dentist", "Pay the rent"]);
    expect(body.suggestions[2]).toHaveLength(120);
    expect(body.suggestions.slice(3)).toEqual(["A", "B", "C", "D", "E"]);

    const received = (await (await fetch(`${root}/requests/${id}`)).json()) as {
      authorization: string;
      body: {
        model: string;
        messages: { role: string; content: string }[];
        response_format: {
          type: string;
          json_schema: { name: string; strict: boolean; schema: unknown };
        };
      };
    }[];
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.authorization).toBe("Bearer test-openai-key");
    expect(call?.body.model).toBe("test-model");
    expect(call?.body.messages.at(-1)).toEqual({ role: "user", content: prompt.trim() });
    expect(call?.body.messages[0]?.role).toBe("system");
    expect(call?.body.response_format.type).toBe("json_schema");
    expect(call?.body.response_format.json_schema.strict).toBe(true);
    // The schema made from the zod one: the same shape, without a `$schema` line.
    expect(call?.body.response_format.json_schema.schema).toEqual({
      type: "object",
      properties: { suggestions: { type: "array", items: { type: "string" } } },
      required: ["suggestions"],
      additionalProperties: false,
    });
  });

  it.each(["garbage", "wrong", "refusal", "not-chat", "error"])(
    "answers 502 JSON when the server's answer is unusable (%s), without logging the prompt",
    async (name) => {
      const { token } = await registerUser();
      const prompt = `secret plans ${crypto.randomUUID()}`;
      const res = await askWith(scenario(name).config, token, prompt);
      expect(res.status).toBe(502);
      expect(((await res.json()) as ErrorBody).message).toBe("The suggestion service failed. Please try again later.");
      expect(loggedText()).toContain("openai");
      expect(loggedText()).not.toContain(prompt);
    },
  );

  // workerd prints the dropped connection on stderr even though the fetch rejection is handled.
  it("answers 502 when the connection drops", async () => {
    const { token } = await registerUser();
    const res = await askWith(scenario("reset").config, token, "call mom");
    expect(res.status).toBe(502);
  });

  it("answers 504 JSON when the server never answers, within the configured deadline", { timeout: 5_000 }, async () => {
    const { token } = await registerUser();
    const { id, config } = scenario("hang");
    const res = await askWith({ ...config, AI_TIMEOUT_MS: "300" }, token, "call mom");
    expect(res.status).toBe(504);
    expect(((await res.json()) as ErrorBody).message).toMatch(/took too long/);
    // It really reached the server and waited for it.
    const received = (await (await fetch(`${root}/requests/${id}`)).json()) as unknown[];
    expect(received).toHaveLength(1);
  });
});

class InferenceUpstreamError extends Error {
  override name = "InferenceUpstreamError";
}

/** Behaves like the Workers AI binding: `run(model, inputs, options)` resolves `{ response }` or throws. */
function fakeAi(answer: (inputs: Record<string, unknown>) => Promise<unknown>) {
  const calls: { model: string; inputs: Record<string, unknown>; options?: { signal?: AbortSignal } }[] = [];
  const ai = {
    async run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }) {
      calls.push({ model, inputs, options });
      return answer(inputs);
    },
  };
  return { ai: ai as unknown as Ai, calls };
}

describe("workers-ai provider with a binding that behaves like the real one", () => {
  it("sends the prompt in JSON mode and uses the object JSON mode answers", async () => {
    const { token } = await registerUser();
    const { ai, calls } = fakeAi(async () => ({
      response: { suggestions: ["Call the bank", " call the bank ", "Book the dentist"] },
      usage: { prompt_tokens: 80, completion_tokens: 20, total_tokens: 100 },
    }));
    const res = await askWith({ AI_PROVIDER: "workers-ai", AI: ai }, token, "bank and dentist");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ suggestions: ["Call the bank", "Book the dentist"], provider: "workers-ai" });
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.model).toBe(WORKERS_AI_MODEL);
    expect(call?.inputs.messages).toEqual([
      { role: "system", content: expect.any(String) },
      { role: "user", content: "bank and dentist" },
    ]);
    expect(call?.inputs.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { type: "object", required: ["suggestions"] },
    });
    expect(call?.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it("also accepts the answer as JSON text", async () => {
    const { token } = await registerUser();
    const { ai } = fakeAi(async () => ({ response: '{"suggestions":["Water the plants"]}' }));
    const res = await askWith({ AI_PROVIDER: "workers-ai", AI: ai }, token, "plants");
    expect(await res.json()).toEqual({ suggestions: ["Water the plants"], provider: "workers-ai" });
  });

  it("answers 502 when JSON mode couldn't be met, logging the code but not the prompt", async () => {
    const { token } = await registerUser();
    const prompt = `my private prompt ${crypto.randomUUID()}`;
    const { ai } = fakeAi(async () => {
      throw new InferenceUpstreamError("5024: JSON Mode couldn't be met");
    });
    const res = await askWith({ AI_PROVIDER: "workers-ai", AI: ai }, token, prompt);
    expect(res.status).toBe(502);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(loggedText()).toContain("InferenceUpstreamError 5024");
    expect(loggedText()).not.toContain(prompt);
  });

  it.each([
    ["no response field", {}],
    ["a response of the wrong shape", { response: { tasks: ["Call mom"] } }],
    ["suggestions that are not strings", { response: { suggestions: [1, 2] } }],
    ["text that is not JSON", { response: "Here you go: call mom" }],
  ])("answers 502 for %s", async (_label, answer) => {
    const { token } = await registerUser();
    const { ai } = fakeAi(async () => answer);
    const res = await askWith({ AI_PROVIDER: "workers-ai", AI: ai }, token, "call mom");
    expect(res.status).toBe(502);
  });

  it("answers 504 when the binding never settles, and aborts its signal", { timeout: 5_000 }, async () => {
    const { token } = await registerUser();
    const { ai, calls } = fakeAi(() => new Promise(() => {}));
    const res = await askWith({ AI_PROVIDER: "workers-ai", AI: ai, AI_TIMEOUT_MS: "200" }, token, "call mom");
    expect(res.status).toBe(504);
    expect(calls[0]?.options?.signal?.aborted).toBe(true);
  });
});
