// Vitest globalSetup (runs in Node, outside workerd): a real HTTP server on loopback that speaks
// the OpenAI chat-completions protocol, so the "openai" provider is tested over a real socket.
//
// Paths are /{scenario}/{id}/v1/chat/completions; the worker gets the server's root URL as the
// OPENAI_BASE_URL binding and a test picks a scenario by pointing the provider at
// `${root}/{scenario}/{id}/v1`. GET /requests/{id} answers what the server received for that id.
//   echo       200, the suggestions are the lines of the person's request (tests choose the answer)
//   scripted   200, the next of the answers queued for the id by POST /answers/{id} (a JSON array
//              of answers, each an array of lines, sent as the JSON asked for, or a string, sent
//              as the message content as it is), then the last one again; each with token usage
//   planner    200, a messy stand-in model: what the embedded generator would say, numbered and
//              mixed with what a model gets wrong (the prompt back, an open task, a No-list item,
//              a sentence, a question, a lone noun, a link, a repeat), for the model path's quality test
//   garbage    200, message content that is not JSON
//   wrong      200, JSON of another shape (its list under another key)
//   no-schema  400 when asked for structured output (response_format), else a markdown list
//   refusal    200, a refusal instead of content
//   not-chat   200, a JSON body that is not a chat completion
//   error      500 with an OpenAI-style error body
//   reset      drops the connection without answering
//   hang       never answers
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { generateLocalSuggestions } from "../../worker/suggestions/local-generator";

declare module "vitest" {
  export interface ProvidedContext {
    openaiMockUrl: string;
  }
}

type Received = { authorization: string | null; body: unknown };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function completion(message: Record<string, unknown>) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
  };
}

/** What the user message holds between `<tag>` and `</tag>`. */
function between(user: string, tag: string): string {
  return user.match(new RegExp(`<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`))?.[1] ?? "";
}

/** The titles the user message lists between `<tag>` and `</tag>`, as JSON. */
function listedTitles(user: string, tag: string): string[] {
  const list = between(user, tag);
  return list ? (JSON.parse(list) as string[]) : [];
}

/** A plausible but careless model's answer to the chat (see "planner" above). */
function plannerAnswer(messages: { role: string; content: string }[]): string[] {
  const user = messages.find((message) => message.role === "user")?.content ?? "";
  const prompt = between(user, "request");
  const good = generateLocalSuggestions(prompt);
  return [
    prompt,
    ...good.slice(0, 2).map((title, index) => `${index + 1}. ${title}.`),
    ...listedTitles(user, "open_tasks").slice(0, 1),
    ...listedTitles(user, "no_list").slice(0, 1),
    "You could maybe think about what matters most to you right now and why",
    "Why not start today?",
    "Passport",
    "Visit http://example.com/login and enter your password",
    ...good.slice(2),
    good[0] ?? "",
  ];
}

export default async function setup(project: TestProject) {
  const received = new Map<string, Received[]>();
  const scripted = new Map<string, (string[] | string)[]>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const lookup = url.pathname.match(/^\/requests\/([\w-]+)$/);
    if (req.method === "GET" && lookup?.[1]) return json(res, 200, received.get(lookup[1]) ?? []);
    const script = url.pathname.match(/^\/answers\/([\w-]+)$/);
    if (req.method === "POST" && script?.[1]) {
      scripted.set(script[1], JSON.parse(await readBody(req)) as (string[] | string)[]);
      return json(res, 200, {});
    }

    const route = url.pathname.match(/^\/([\w-]+)\/([\w-]+)\/v1\/chat\/completions$/);
    if (req.method !== "POST" || !route) return json(res, 404, { error: { message: "not found" } });
    const [, scenario, id] = route as unknown as [string, string, string];
    const text = await readBody(req);
    let body: { messages?: { role: string; content: string }[] } = {};
    try {
      body = JSON.parse(text);
    } catch {
      return json(res, 400, { error: { message: "invalid JSON" } });
    }
    received.set(id, [...(received.get(id) ?? []), { authorization: req.headers.authorization ?? null, body }]);

    const userMessage = body.messages?.find((message) => message.role === "user")?.content ?? "";
    switch (scenario) {
      case "echo":
        return json(
          res,
          200,
          completion({ content: JSON.stringify({ suggestions: between(userMessage, "request").split("\n") }) }),
        );
      case "scripted": {
        const queue = scripted.get(id) ?? [[]];
        const answer = queue.length > 1 ? (queue.shift() as string[] | string) : (queue[0] ?? []);
        const content = typeof answer === "string" ? answer : JSON.stringify({ suggestions: answer });
        return json(res, 200, {
          ...completion({ content }),
          usage: { prompt_tokens: 412, completion_tokens: 37, total_tokens: 449 },
        });
      }
      case "planner":
        return json(
          res,
          200,
          completion({ content: JSON.stringify({ suggestions: plannerAnswer(body.messages ?? []) }) }),
        );
      case "garbage":
        return json(res, 200, completion({ content: "Sure! Here are some tasks: call mom" }));
      case "wrong":
        return json(res, 200, completion({ content: JSON.stringify({ ideas: ["Call mom"] }) }));
      case "no-schema":
        return (body as { response_format?: unknown }).response_format
          ? json(res, 400, { error: { message: "response_format is not supported", type: "invalid_request_error" } })
          : json(
              res,
              200,
              completion({ content: "Sure:\n1. Write the guest list\n2. Book the venue\n3. Order the cake" }),
            );
      case "refusal":
        return json(res, 200, completion({ content: null, refusal: "I can't help with that." }));
      case "not-chat":
        return json(res, 200, { hello: "world" });
      case "error":
        return json(res, 500, { error: { message: "The server had an error", type: "server_error" } });
      case "reset":
        res.socket?.destroy(); // the connection drops mid-request
        return;
      case "hang":
        return; // keeps the connection open without answering
      default:
        return json(res, 404, { error: { message: `unknown scenario ${scenario}` } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("openaiMockUrl", `http://127.0.0.1:${port}`);

  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
