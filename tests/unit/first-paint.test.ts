import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AUTH_TOKEN_KEY } from "../../shared/constants";
import { BRAINDUMP_HEADING, BRAINDUMP_INTRO } from "../../web/features/braindump/braindump-copy";

// Vite's `?raw`: the files' text, as written.
import script from "../../web/first-paint.js?raw";
import html from "../../web/index.html?raw";
import headers from "../../web/public/_headers?raw";
import { SECURITY_HEADERS } from "../../worker/http/security-headers";

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
    expect(html).toContain("<!-- first-paint.js, inlined here -->");
  });
});

describe("the CSP allows first-paint.js inline by its hash (docs/decisions/167-first-paint-script-inline-by-hash.md)", () => {
  const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  const pageCsp = headers.match(/^ {2}Content-Security-Policy: (.*)$/m)?.[1];

  it("names the script's hash, and no other inline script, for pages and for API answers alike", () => {
    expect(pageCsp).toContain(`script-src 'self' ${hash};`);
    expect(SECURITY_HEADERS["Content-Security-Policy"]).toBe(pageCsp);
  });

  it("allows no inline script but that one: no 'unsafe-inline', no 'unsafe-eval', no nonce", () => {
    const scriptSrc = pageCsp?.match(/script-src ([^;]*);/)?.[1];
    expect(scriptSrc).toBe(`'self' ${hash}`);
  });
});

/** Runs first-paint.js against a stand-in page: the path, the stored values and the build's meta. */
function firstPaint(path: string, stored: Record<string, string>, startModules = "/assets/main-1.js /assets/rt-2.js") {
  const attributes = new Map<string, string>();
  const appended: { rel: string; href: string; crossOrigin: string }[] = [];
  const document = {
    documentElement: {
      classList: { toggle: () => undefined },
      style: {},
      setAttribute: (name: string, value: string) => attributes.set(name, value),
    },
    querySelector: (selector: string) =>
      selector === 'meta[name="start-modules"]' ? { getAttribute: () => startModules } : null,
    createElement: () => ({ rel: "", href: "", crossOrigin: "" }),
    head: { append: (link: (typeof appended)[number]) => appended.push(link) },
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const matchMedia = () => ({ matches: false });
  new Function("document", "localStorage", "location", "matchMedia", script)(
    document,
    localStorage,
    { pathname: path },
    matchMedia,
  );
  return { firstPaint: attributes.get("data-first-paint") ?? null, preloaded: appended.map((link) => link.href) };
}

describe("what paints first (web/public/first-paint.js)", () => {
  const session = { [AUTH_TOKEN_KEY]: "token" };

  it("leaves the prerendered landing page alone on / without a session, and asks for no code before it paints", () => {
    expect(firstPaint("/", {})).toEqual({ firstPaint: null, preloaded: [] });
  });

  it("hides the landing page for a signed-in person, with the braindump's outline on / and /braindump", () => {
    expect(firstPaint("/", session).firstPaint).toBe("braindump");
    expect(firstPaint("/braindump/", session).firstPaint).toBe("braindump");
    expect(firstPaint("/focus-timer", session).firstPaint).toBe("app");
  });

  it("hides the landing page on every other path, signed in or not", () => {
    expect(firstPaint("/login", {}).firstPaint).toBe("app");
    expect(firstPaint("/no/such/page", {}).firstPaint).toBe("app");
  });

  it("asks for the app's code at once wherever the app starts at once", () => {
    expect(firstPaint("/login", {}).preloaded).toEqual(["/assets/main-1.js", "/assets/rt-2.js"]);
    expect(firstPaint("/", session).preloaded).toEqual(["/assets/main-1.js", "/assets/rt-2.js"]);
  });
});
