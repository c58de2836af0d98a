import { apiCall, expect, PASSWORD, registerViaApi, signInPage, test, uniqueName } from "./fixtures";
import { runPlace } from "./run-place";

// The shown language (docs/product.md#your-language): the browser's before signing in, the
// account's after, on <html> as lang and dir.

test.describe("in a browser that asks for German", () => {
  test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

  test("the landing page is German on <html>, and registering keeps German with the account", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    const name = uniqueName("de");
    // Registered from the page, the account keeps the page's language.
    const registered = await page.evaluate(
      async ({ name, password, timeZone }) => {
        const res = await fetch("/api/auth/register", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang },
          body: JSON.stringify({ username: name, email: `${name}@example.com`, password, timeZone }),
        });
        return (await res.json()) as { token: string; user: { language: string } };
      },
      { name, password: PASSWORD, timeZone: runPlace().timeZone },
    );
    expect(registered.user.language).toBe("de");
    const user = (await apiCall(request, registered as never, "GET", "/api/auth/user")) as { language: string };
    expect(user.language).toBe("de");
  });
});

test.describe("signed in in German", () => {
  test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

  test("the first screen asks for German's first and header words, not the later part nor another language's", async ({
    page,
    request,
  }) => {
    // docs/decisions/403-the-header-s-words-are-a-part-of-their-own.md
    const account = await registerViaApi(request);
    await apiCall(request, account, "PATCH", "/api/account", { language: "de" });
    const asked = new Set<string>();
    page.on("request", (req) => {
      const words = /\/words-([a-z]{2,3}(?:-[A-Z]{2})?)-([a-z]+)-[^/]*\.js$/.exec(new URL(req.url()).pathname);
      if (words) asked.add(`${words[1]} ${words[2]}`);
    });
    await signInPage(page, account);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("textbox").first()).toBeVisible();
    // The header's words are in: the widget's button says its German name.
    await expect(page.getByRole("button", { name: "KI-Aufgabenvorschläge öffnen" })).toBeVisible();
    expect([...asked].sort()).toEqual(["de first", "de header"]);
  });
});

test.describe("in a browser that asks for Arabic", () => {
  test.use({ locale: "ar-EG", viewport: { width: 390, height: 844 } });

  test("the page is right to left", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });
});

test.describe("signed in on an English browser", () => {
  test.use({ locale: "en-US", viewport: { width: 390, height: 844 } });

  test("the account's language is the page's, and a reload opens in it at once", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await apiCall(request, account, "PATCH", "/api/account", { language: "ja" });
    await signInPage(page, account);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    // Kept on the device: the next load is Japanese while the account is still being read.
    let answerUser = () => {};
    const userHeld = new Promise<void>((resolve) => (answerUser = resolve));
    await page.route("**/api/auth/user", async (route) => {
      await userHeld;
      await route.continue();
    });
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    answerUser();
  });
});
