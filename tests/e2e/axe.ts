import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, setTheme } from "./fixtures";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Colours depend on the theme, layout on the width. Every rule runs at light/narrow and dark/wide;
 * the two other combinations re-check only what the theme changes (contrast), which keeps the
 * suite fast while every theme meets every width.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
export const VARIANTS = [
  { theme: "light", width: 390, rules: "all" },
  { theme: "light", width: 1280, rules: "colour" },
  { theme: "dark", width: 1280, rules: "all" },
  { theme: "dark", width: 390, rules: "colour" },
] as const;

/** One line per violation and node, so a failure says what to fix and where. */
function violationLines(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`),
  );
}

/**
 * Scans what is on screen now at WCAG 2.2 AA in light and dark, narrow and wide, switching the
 * theme through the app and resizing in place (no reload), then puts the page back as it was.
 * `only` limits the scan to one part of the page (a CSS selector).
 */
export async function expectNoAxeViolations(page: Page, screen: string, { only }: { only?: string } = {}) {
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  const found: string[] = [];
  for (const { theme, width, rules } of VARIANTS) {
    await setTheme(page, theme);
    await page.setViewportSize({ width, height: 800 });
    // Two frames: the resize and the theme's re-render are painted before axe reads colours.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Legacy mode runs axe in the page itself; the app has no iframes, and it spares a helper page per scan.
    const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_22_AA);
    if (rules === "colour") builder.withRules(COLOUR_RULES);
    // A modal dialog: the page behind it is inert and was scanned on its own.
    if (only) builder.include(only);
    const result = await builder.analyze();
    found.push(...violationLines(result.violations).map((line) => `[${screen} ${theme} ${width}px] ${line}`));
  }
  await page.setViewportSize(before);
  expect(found, `axe violations on ${screen}`).toEqual([]);
}
