import type { Page } from "@playwright/test";
import { addTaskViaApi, apiCall, expect, registerViaApi, signInPage, test } from "./fixtures";

// A person's day in Japanese and in Arabic shows no English (docs/product.md#your-language). Both
// scripts are not Latin, so any Latin word of three letters or more on screen is English left
// over, apart from the product's name and what the person wrote themselves.

// The product's name, and the export's file formats.
const ALLOWED = new Set(["Onething", "JSON", "CSV"]);
// A signed-in device is named by its browser and system, whose names no language translates.
const DEVICE_NAMES = new Set([
  "Windows",
  "Chrome",
  "Chromium",
  "HeadlessChrome",
  "Safari",
  "Firefox",
  "Linux",
  "Android",
]);

/** The Latin words of three letters or more the page shows (its visible text, and its labels). */
async function latinWordsOn(page: Page, own: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const shown = (element: Element) =>
      (element as HTMLElement).offsetParent !== null && getComputedStyle(element).visibility !== "hidden";
    const labels = Array.from(document.querySelectorAll("[aria-label],[title],[placeholder]"))
      .filter(shown)
      .map((element) =>
        ["aria-label", "title", "placeholder"].map((name) => element.getAttribute(name) ?? "").join(" "),
      );
    // A select of time zones lists the zones' own names: the person's data, not the app's words.
    const zones = Array.from(document.querySelectorAll("select option")).map((option) => option.textContent ?? "");
    // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not hidden text.
    const screen = zones.reduce((rest, zone) => rest.replace(zone, " "), document.body.innerText);
    return `${screen}\n${labels.join("\n")}`;
  });
  // Case aside: a name may be shown capitalised (innerText follows text-transform). A time zone's
  // name ("Etc/GMT-7") is the person's setting, not the app's words.
  const literally = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const withoutOwn = own
    .reduce((rest, words) => rest.replace(new RegExp(literally(words), "gi"), " "), text)
    .replace(/\b[A-Z][A-Za-z_]+\/[A-Za-z_+-]+[0-9]*/g, " ")
    // A device the server could not name shows its user agent as it came.
    .replace(/Mozilla\/5\.0[^\n]*/g, " ");
  return [...new Set(withoutOwn.match(/[A-Za-z]{3,}/g) ?? [])].filter(
    (word) => !ALLOWED.has(word) && !DEVICE_NAMES.has(word),
  );
}

const TITLES = {
  ja: ["四半期の報告書を仕上げて上司に送る", "歯医者の予約を取る", "週末の買い物リストを作る"],
  ar: ["إنهاء التقرير الفصلي وإرساله إلى المدير", "حجز موعد عند طبيب الأسنان", "كتابة قائمة التسوق"],
} as const;

for (const [language, locale] of [
  ["ja", "ja-JP"],
  ["ar", "ar-EG"],
] as const) {
  test.describe(`a day in ${language}`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });

    test("the screens before signing in show no English", async ({ page }) => {
      for (const path of ["/", "/login", "/register"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.locator("h1").first()).toBeVisible();
        expect(await latinWordsOn(page, []), path).toEqual([]);
      }
    });

    test("every signed-in screen shows no English", async ({ page, request }) => {
      const account = await registerViaApi(request);
      await apiCall(request, account, "PATCH", "/api/account", { language });
      for (const title of TITLES[language]) await addTaskViaApi(request, account, { title });
      await signInPage(page, account);
      const own = [...TITLES[language], account.user.username, account.user.email];
      for (const path of ["/", "/focus-timer", "/no-list", "/analytics", "/done", "/routines", "/close", "/settings"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.locator("main h1, main h2").first()).toBeVisible();
        expect(await latinWordsOn(page, own), path).toEqual([]);
      }
    });
  });
}
