import { describe, expect, it } from "vitest";
import { AUTH_TOKEN_KEY } from "../../shared/constants";
import { BRAINDUMP_HEADING, BRAINDUMP_INTRO } from "../../web/features/braindump/braindump-copy";

// Vite's `?raw`: the files' text, as written.
import script from "../../web/first-paint.js?raw";
import html from "../../web/index.html?raw";
import headers from "../../web/public/_headers?raw";
import securityHeaders from "../../worker/http/security-headers.ts?raw";

const outline = html.slice(html.indexOf('<div id="first-paint"'), html.indexOf("</body>"));
const decode = (text: string) => text.replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
const texts = (tag: string) =>
  [...outline.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, "g"))].map((m) => decode(m[1] ?? ""));

describe("the signed-in first paint (web/index.html)", () => {
  it("is hidden from assistive technology and inert", () => {
    expect(outline).toMatch(/^<div id="first-paint" aria-hidden="true" inert>/);
  });

  it("shows the braindump screen's own heading and introduction", () => {
    expect(texts("div")).toContain(BRAINDUMP_HEADING.message);
    expect(texts("p")).toEqual([BRAINDUMP_INTRO.message]);
  });

  it("is asked for by first-paint.js only with a stored session, under the key the app uses", () => {
    expect(script).toContain(`localStorage.getItem("${AUTH_TOKEN_KEY}")`);
    expect(html).toContain("<!-- first-paint.js, inlined here -->");
  });
});

describe("the CSP allows first-paint.js inline by its hash (docs/decisions/167-first-paint-script-inline-by-hash.md)", () => {
  const hash = async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  };
  const pageCsp = headers.match(/^ {2}Content-Security-Policy: (.*)$/m)?.[1];
  const apiCsp = securityHeaders.match(/"Content-Security-Policy":\s*"([^"]*)"/)?.[1];

  it("names the script's hash for pages and for API answers alike", async () => {
    expect(pageCsp).toContain(`script-src 'self' ${await hash()};`);
    expect(apiCsp).toBe(pageCsp);
  });

  it("allows no inline script but that one: no 'unsafe-inline', no 'unsafe-eval', no nonce", async () => {
    expect(pageCsp?.match(/script-src ([^;]*);/)?.[1]).toBe(`'self' ${await hash()}`);
  });
});

/** The build's <meta>s that name what first-paint.js starts. */
const META: Record<string, string> = {
  "start-entry": "/assets/index-0.js",
  "start-modules": "/assets/main-1.js /assets/rt-2.js",
  "prefetch-modules": "/assets/toaster-3.js",
};

/**
 * Runs first-paint.js against a stand-in page: the path, the stored values and the build's meta.
 * Answers what it marked, and what it had asked for while the document was parsing, after the
 * first frame (still parsing), and once the document was parsed. A hidden tab paints no frame.
 */
function firstPaint(path: string, stored: Record<string, string>, visibilityState = "visible") {
  const attributes = new Map<string, string>();
  const appended: string[] = [];
  const parsed: (() => void)[] = [];
  const document = {
    readyState: "loading",
    visibilityState,
    addEventListener: (type: string, listener: () => void) => type === "DOMContentLoaded" && parsed.push(listener),
    documentElement: {
      classList: { toggle: () => undefined },
      style: {},
      setAttribute: (name: string, value: string) => attributes.set(name, value),
    },
    querySelector: (selector: string) => {
      const name = selector.match(/^meta\[name="([^"]+)"\]$/)?.[1] ?? "";
      return name in META ? { getAttribute: () => META[name] } : null;
    },
    createElement: (tag: string) => ({ tag }),
    head: {
      append: (element: {
        tag: string;
        rel?: string;
        type?: string;
        href?: string;
        src?: string;
        crossOrigin?: string;
      }) =>
        appended.push(
          `${element.tag} ${element.rel ?? element.type} ${element.href ?? element.src} ${element.crossOrigin}`,
        ),
    },
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const matchMedia = () => ({ matches: false });
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  new Function("document", "localStorage", "location", "matchMedia", "requestAnimationFrame", "setTimeout", script)(
    document,
    localStorage,
    { pathname: path },
    matchMedia,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => tasks.push(callback),
  );
  const whileParsing = [...appended];
  if (visibilityState === "visible") for (const frame of frames.splice(0)) frame();
  for (const task of tasks.splice(0)) task();
  const afterFirstFrame = [...appended];
  document.readyState = "interactive";
  for (const listener of parsed.splice(0)) listener();
  return {
    firstPaint: attributes.get("data-first-paint") ?? null,
    whileParsing,
    afterFirstFrame,
    onceParsed: appended,
  };
}

const PRELOADED = [
  "link modulepreload /assets/index-0.js anonymous",
  "link modulepreload /assets/main-1.js anonymous",
  "link modulepreload /assets/rt-2.js anonymous",
];
const STARTED = [
  ...PRELOADED,
  "script module /assets/index-0.js anonymous",
  "link prefetch /assets/toaster-3.js anonymous",
];

describe("what paints first (web/first-paint.js)", () => {
  const session = { [AUTH_TOKEN_KEY]: "token" };

  it("leaves the prerendered landing page alone on / without a session, and starts the app only after it paints", () => {
    expect(firstPaint("/", {})).toEqual({
      firstPaint: null,
      whileParsing: [],
      afterFirstFrame: PRELOADED,
      onceParsed: STARTED,
    });
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

  it("asks for the app's code at once wherever the landing page does not show, and runs it after the first frame", () => {
    for (const started of [firstPaint("/login", {}), firstPaint("/", session)]) {
      expect(started).toMatchObject({ whileParsing: PRELOADED, afterFirstFrame: PRELOADED, onceParsed: STARTED });
    }
  });

  it("starts the app in a hidden tab too, which paints no frame until it is shown", () => {
    expect(firstPaint("/", {}, "hidden").onceParsed).toEqual(STARTED);
    expect(firstPaint("/login", {}, "hidden").onceParsed).toEqual(STARTED);
  });
});
