import { Agent, request as httpRequest } from "node:http";
import { expect, registerViaApi, test } from "./fixtures";

type Answer = { status: number; contentType: string; body: string; socket: unknown };

/** One request on the agent's connection; the answer is read in full so the connection can be reused. */
function send(
  agent: Agent,
  baseURL: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(`${baseURL}${path}`, { method, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          body: text,
          socket: req.socket,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

// The local server (vite preview with the Cloudflare plugin) proxies each request to workerd; an
// answer given before the request body was read used to break the next request on the same
// kept-alive connection (an HTML 500). Every early answer must read the body first.
test.describe("an answer given before the body is read", () => {
  test("leaves the kept-alive connection working for the next request (401, 403, 404, 413)", async ({
    request,
    baseURL,
  }) => {
    test.slow();
    if (!baseURL) throw new Error("no baseURL");
    const account = await registerViaApi(request);
    const body = JSON.stringify({ title: "x".repeat(64 * 1024) });
    const json = { "Content-Type": "application/json" };
    const early = [
      { what: "401 bad token", path: "/api/tasks", status: 401, headers: { ...json, Authorization: "Bearer nope" } },
      {
        what: "403 foreign origin",
        path: "/api/auth/login",
        status: 403,
        headers: { ...json, Origin: "https://evil.example" },
      },
      { what: "404 unknown path", path: "/api/no-such-endpoint", status: 404, headers: json },
      {
        what: "413 too large",
        path: "/api/tasks",
        status: 413,
        headers: { ...json, Authorization: `Bearer ${account.token}` },
        body: JSON.stringify({ title: "x".repeat(1024 * 1024 + 10) }),
      },
    ];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 10; round += 1) {
        for (const refused of early) {
          const first = await send(agent, baseURL, "POST", refused.path, refused.headers, refused.body ?? body);
          expect(first.status, refused.what).toBe(refused.status);
          expect(first.contentType, refused.what).toMatch(/^application\/json/);
          const health = await send(agent, baseURL, "GET", "/api/health", {});
          expect(health.socket, "the same connection").toBe(first.socket);
          expect({ status: health.status, body: health.body }, `after ${refused.what}`).toEqual({
            status: 200,
            body: JSON.stringify({ ok: true }),
          });
        }
      }
    } finally {
      agent.destroy();
    }
  });
});
