import type { Page } from "@playwright/test";
import { expect, registerViaApi, signInPage, test } from "./fixtures";

// The landing page is prerendered into index.html at build time and hydrated by the app
// (docs/decisions/166-landing-prerendered-at-build.md).

const TAGLINE = "Focus on what matters today.";

test("the landing page's tagline is in the served HTML and shows without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto("/");
  expect(await response?.text()).toContain(`>${TAGLINE}</h1>`);
  await expect(page.getByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();
  await expect(page.getByRole("link", { name: /get started/i })).toBeVisible();
  await context.close();
});

test("the landing page asks for no script before the frame that paints it, and then starts the app", async ({
  page,
  consoleErrors: _,
}) => {
  // The time of the first frame's animation callbacks, which run before that frame paints.
  await page.addInitScript(() => {
    requestAnimationFrame((time) => {
      (window as { firstFrame?: number }).firstFrame = time;
    });
  });
  await page.goto("/");
  await expect(page.getByRole("button", { name: /Switch to (dark|light) theme/ })).toBeEnabled();
  const { firstFrame, scripts } = await page.evaluate(() => ({
    firstFrame: (window as { firstFrame?: number }).firstFrame ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }));
  expect(scripts.length, "the app's scripts were asked for").toBeGreaterThan(0);
  expect(scripts.filter((script) => !(script.start > firstFrame))).toEqual([]);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`in the ${colorScheme} theme, the app takes over the painted landing page without a mismatch`, async ({
    page,
    consoleErrors,
  }) => {
    const warnings: string[] = [];
    page.on("console", (msg) => {
      // The suite blocks service workers (playwright.config.ts), and the browser says so.
      if (msg.type() === "warning" && !msg.text().startsWith("Service Worker registration blocked")) {
        warnings.push(msg.text());
      }
    });
    await page.emulateMedia({ colorScheme });
    // The page's code is held back: the tagline is painted already, and React then hydrates those
    // very elements rather than painting new ones.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/landing-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();
    const toggle = page.getByRole("button", { name: /Switch to (dark|light) theme/ });
    await expect(toggle).toBeDisabled();
    await page.evaluate(() => {
      (window as { paintedHeading?: Element | null }).paintedHeading = document.querySelector("h1");
    });
    release();

    await expect(toggle).toBeEnabled();
    await expect(toggle).toHaveAccessibleName(`Switch to ${colorScheme === "dark" ? "light" : "dark"} theme`);
    expect(
      await page.evaluate(
        () => (window as { paintedHeading?: Element | null }).paintedHeading === document.querySelector("h1"),
      ),
    ).toBe(true);
    await toggle.click();
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    expect(warnings).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

/**
 * Records, before every frame the page paints, whether any of the prerendered landing page is
 * visible; read it with `landingPainted`.
 */
async function watchLanding(page: Page) {
  await page.addInitScript(() => {
    const w = window as { landingPainted?: boolean };
    w.landingPainted = false;
    const check = () => {
      const landing = document.getElementById("landing");
      if (landing && landing.getClientRects().length > 0 && getComputedStyle(landing).display !== "none") {
        w.landingPainted = true;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const landingPainted = (page: Page) => page.evaluate(() => (window as { landingPainted?: boolean }).landingPainted);

test("a signed-in person opening / or another screen never sees the landing page, nor does anyone on /login", async ({
  page,
  request,
  consoleErrors: _,
}) => {
  await watchLanding(page);
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(await landingPainted(page)).toBe(false);

  // Signed in, the app's code is held back a while, so the frames before it arrives count too.
  const gate = () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };
  let appCode = gate();
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await appCode.opened;
    await route.continue();
  });
  await signInPage(page, await registerViaApi(request));
  for (const [path, heading] of [
    ["/", "Daily Tasks & Thought Braindump"],
    ["/focus-timer", "One-Thing Focus Timer"],
  ] as const) {
    appCode = gate();
    await page.goto(path);
    await expect(page.locator("#first-paint")).toBeAttached();
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(painted)));
    expect(await landingPainted(page), path).toBe(false);
    appCode.open();
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.locator("#landing")).toHaveCount(0);
    expect(await landingPainted(page), path).toBe(false);
  }
});
