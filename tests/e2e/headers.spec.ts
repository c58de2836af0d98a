import { createHash } from "node:crypto";
import type { APIResponse, Page } from "@playwright/test";
import { SECURITY_HEADERS } from "../../worker/http/security-headers";
import { expect, registerViaApi, signInPage, test } from "./fixtures";

/** Every response type carries the same security headers, whoever answers it (Worker or asset server). */
function expectSecurityHeaders(res: APIResponse, what: string) {
  const headers = res.headers();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  }
}

test.describe("security headers", () => {
  test("API JSON, errors 401/404/413, hashed asset, app page and SPA fallback", async ({ request }) => {
    const health = await request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(health.headers()["content-type"]).toMatch(/^application\/json/);
    expectSecurityHeaders(health, "API JSON");
    expect(health.headers()["cache-control"]).toBe("no-store");

    const signedOut = await request.get("/api/tasks");
    expect(signedOut.status()).toBe(401);
    expectSecurityHeaders(signedOut, "API 401");

    const missing = await request.get("/api/no-such-endpoint");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: "No such API endpoint." });
    expectSecurityHeaders(missing, "API 404");

    const tooBig = await request.post("/api/auth/login", {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ login: "x".repeat(1024 * 1024 + 1), password: "x" }),
    });
    expect(tooBig.status()).toBe(413);
    expectSecurityHeaders(tooBig, "API 413");

    const page = await request.get("/");
    expect(page.status()).toBe(200);
    expect(page.headers()["content-type"]).toMatch(/^text\/html/);
    expectSecurityHeaders(page, "app page");

    const fallback = await request.get("/some/deep/link/that/is/no/file");
    expect(fallback.status()).toBe(200);
    expect(fallback.headers()["content-type"]).toMatch(/^text\/html/);
    expectSecurityHeaders(fallback, "SPA fallback");

    // The page's one inline script is allowed by its hash, and by nothing broader
    // (docs/decisions/167-first-paint-script-inline-by-hash.md).
    const html = await page.text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
    expect(inline).toHaveLength(1);
    const hash = createHash("sha256")
      .update(inline[0] ?? "")
      .digest("base64");
    expect(page.headers()["content-security-policy"]).toContain(`script-src 'self' 'sha256-${hash}';`);

    const script = html.match(/<meta name="start-entry" content="(\/assets\/[^"]+\.js)">/)?.[1];
    expect(script, "the page loads a hashed script").toBeTruthy();
    const asset = await request.get(script ?? "");
    expect(asset.status()).toBe(200);
    expectSecurityHeaders(asset, "hashed asset");
    expect(asset.headers()["cache-control"]).toContain("immutable");

    // The service worker script: the same headers, and revalidated on every visit so a deploy is found.
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["content-type"]).toMatch(/javascript/);
    expectSecurityHeaders(sw, "service worker");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
  });
});

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleViolations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|unsafe-eval|unsafe-inline/i.test(msg.text())) consoleViolations.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [
    ...consoleViolations,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test.describe("the CSP holds on every screen", () => {
  test("landing, login and register", async ({ page, consoleErrors: _ }) => {
    const violations = await watchCsp(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Focus on what matters today." })).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // A refused sign-in goes through the API client and its error parsing.
    await page.getByLabel("Username or email").fill("nobody-at-all");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid username/email or password.").first()).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("braindump, focus, No list, analytics and settings", async ({ page, request, consoleErrors: _ }) => {
    test.slow();
    const account = await registerViaApi(request);
    const created = await request.post("/api/tasks", {
      headers: { Authorization: `Bearer ${account.token}` },
      data: { title: "Write the quarterly report" },
    });
    const task = (await created.json()) as { id: number };
    await signInPage(page, account);
    const violations = await watchCsp(page);

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
    expect(await violations(), "braindump").toEqual([]);

    await page.goto(`/focus-timer?taskId=${task.id}`);
    await expect(page.getByLabel("What will you focus on?")).toHaveValue(String(task.id));
    // Starting parses the server's answer with zod: no eval may be needed for it.
    await page.getByRole("button", { name: "Start Focus Session" }).click();
    await expect(page.getByText("minutes remaining")).toBeVisible();
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
    expect(await violations(), "focus").toEqual([]);

    await page.goto("/no-list");
    await expect(page.getByRole("heading", { level: 1, name: 'Daily "No" List Builder' })).toBeVisible();
    expect(await violations(), "no-list").toEqual([]);

    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Productivity Analytics" })).toBeVisible();
    await expect(page.getByText("Today's Productivity Score")).toBeVisible();
    expect(await violations(), "analytics").toEqual([]);

    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    expect(await violations(), "settings").toEqual([]);
  });
});
