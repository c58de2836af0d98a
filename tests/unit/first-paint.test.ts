import { describe, expect, it } from "vitest";
import { AUTH_TOKEN_KEY } from "../../shared/constants";
import { BRAINDUMP_HEADING, BRAINDUMP_INTRO } from "../../web/features/braindump/braindump-copy";

// Vite's `?raw`: the files' text, as written.
import html from "../../web/index.html?raw";
import script from "../../web/public/first-paint.js?raw";

const outline = html.slice(html.indexOf('<div id="first-paint"'), html.indexOf("</body>"));
const decode = (text: string) => text.replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
const texts = (tag: string) =>
  [...outline.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, "g"))].map((m) => decode(m[1] ?? ""));

describe("the signed-in first paint (web/index.html)", () => {
  it("is hidden from assistive technology and inert", () => {
    expect(outline).toMatch(/^<div id="first-paint" aria-hidden="true" inert>/);
  });

  it("shows the braindump screen's own heading and introduction", () => {
    expect(texts("div")).toContain(BRAINDUMP_HEADING);
    expect(texts("p")).toEqual([BRAINDUMP_INTRO]);
  });

  it("is asked for by first-paint.js only with a stored session, under the key the app uses", () => {
    expect(script).toContain(`localStorage.getItem("${AUTH_TOKEN_KEY}")`);
    expect(html).toContain('<script src="/first-paint.js"></script>');
  });
});
