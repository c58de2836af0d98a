import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, ElementContext, RunOptions } from "axe-core";
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core in the page itself (the app has no iframes). Its source goes in once per document:
 * putting in its 0.5 MB took about 0.45 s of each 0.55 s scan when done for every scan.
 */
async function runAxe(page: Page, context: ElementContext, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // Typed loosely across the boundary: Playwright's serialisable types cannot follow axe's.
  const results: unknown = await page.evaluate(
    ([context, options]) =>
      (window as unknown as { axe: typeof import("axe-core") }).axe.run(
        context as ElementContext,
        options as RunOptions,
      ) as Promise<unknown>,
    [context, options] as [unknown, unknown],
  );
  return results as AxeResults;
}

/** One line per violation and node, so a failure says what to fix and where. */
function violationLines(violations: AxeResults["violations"]) {
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
    // The theme's colours transition (for 0.01 ms under reduced motion, but a transition ends only
    // when a frame runs): axe reads colours once none is running.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const result = await runAxe(
      page,
      // A modal dialog: the page behind it is inert and was scanned on its own.
      only ? { include: [only] } : { exclude: [] },
      {
        runOnly: rules === "colour" ? { type: "rule", values: COLOUR_RULES } : { type: "tag", values: WCAG_22_AA },
        resultTypes: ["violations"],
      },
    );
    found.push(...violationLines(result.violations).map((line) => `[${screen} ${theme} ${width}px] ${line}`));
  }
  await page.setViewportSize(before);
  expect(found, `axe violations on ${screen}`).toEqual([]);
}
