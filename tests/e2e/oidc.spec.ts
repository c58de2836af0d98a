// Sign-in through a hosted identity provider, in the browser: a second copy of the app configured
// with a mock OpenID provider on loopback (scripts/serve-e2e-oidc.mjs), started by this file.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, screenshots, test } from "./fixtures";

const basePort = Number(process.env.E2E_PORT ?? 8790);
// Offsets keep clear of the ports of other runs, which differ by small steps.
const appPort = basePort + 1000;
const providerPort = basePort + 2000;
const app = `http://127.0.0.1:${appPort}`;
const root = fileURLToPath(new URL("../..", import.meta.url));

let server: ChildProcess | undefined;

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (server?.exitCode != null) throw new Error(`the identity-provider app exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn("node", ["scripts/serve-e2e-oidc.mjs"], {
    cwd: root,
    env: { ...process.env, E2E_OIDC_APP_PORT: String(appPort), E2E_OIDC_PROVIDER_PORT: String(providerPort) },
    stdio: ["ignore", "ignore", "inherit"],
    // Its own process group, so the server it spawns stops with it.
    detached: true,
  });
  await waitForHealth(`${app}/api/health`, 170_000);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

test("the identity-provider button signs in and shows the signed-in shell", async ({ page, consoleErrors }) => {
  await page.goto(`${app}/login`);
  const button = page.getByRole("link", { name: "Continue with your identity provider" });
  await expect(button).toBeVisible();
  await screenshots(page, "login-with-provider");
  await button.click();

  // /api/login → the provider → the callback → /login#token=… → the app stores the token and goes home.
  await expect(page.getByRole("link", { name: "Logout" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
  expect(new URL(page.url()).hash).toBe("");
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // The token works as the bearer token of the API.
  const me = await page.request.get(`${app}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ email: "grace.e2e@example.com", firstName: "Grace", username: null });
  expect(consoleErrors).toEqual([]);
});

test("a sign-in that cannot be verified lands on the login page with a clear message", async ({ page }) => {
  await page.goto(`${app}/api/auth/oidc/callback?code=forged&state=forged`);
  await expect(page).toHaveURL(`${app}/login`);
  await expect(page.getByRole("alert")).toHaveText(/could not be verified/);
  await screenshots(page, "login-provider-error");
});

test("without a configured provider the login page offers no provider button", async ({ page }) => {
  const providers = page.waitForResponse((res) => res.url().endsWith("/api/auth/providers"));
  await page.goto("/login");
  expect(await (await providers).json()).toEqual({ oidc: false });
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue with your identity provider" })).toHaveCount(0);
});
