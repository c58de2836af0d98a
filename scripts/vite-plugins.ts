// Build plugins of vite.config.ts that shape what the browser loads first (see bench/RESULTS.md).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import { SECURITY_HEADERS } from "../worker/http/security-headers.ts";

/**
 * Names in index.html (`<meta name="prefetch-modules">`) the toasts' code (sonner and its mount),
 * which web/first-paint.js prefetches when it starts the app (after the landing page's first
 * paint): the browser fetches it at its lowest priority once the page's own requests are done, and
 * does not run it; it runs at the person's first gesture (web/ui/sonner-loader.ts), from the cache
 * instead of a round trip, so the page's first toast is on screen at once
 * (docs/decisions/072-sonner-prefetched-run-first-screen-runs.md). The service worker precaches it
 * too, but only from the first visit's end on.
 */
export function prefetchToasts(): Plugin {
  // sonner, and web/ui/toaster.tsx that mounts it: both are asked for at the first press.
  const TOASTS = [/[\\/]node_modules[\\/]sonner[\\/]/, /[\\/]web[\\/]ui[\\/]toaster\.tsx$/];
  return {
    name: "onething:prefetch-toasts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {});
        const hrefs = TOASTS.map((module) => {
          const chunk = chunks.find((c) => c.type === "chunk" && c.moduleIds.some((id) => module.test(id)));
          if (!chunk) throw new Error(`no chunk of the build holds ${module}`);
          return `/${chunk.fileName}`;
        });
        return [
          { tag: "meta", attrs: { name: "prefetch-modules", content: hrefs.join(" ") }, injectTo: "head-prepend" },
        ];
      },
    },
  };
}

/** Where web/index.html leaves room for web/first-paint.js. */
const FIRST_PAINT_SLOT = "<!-- first-paint.js, inlined here -->";

/**
 * Puts web/first-paint.js into index.html as an inline script: the first paint then waits on no
 * request but the page's own. The CSP allows exactly that script by its sha256 hash, written in
 * web/public/_headers (pages) and worker/http/security-headers.ts (the same set on API answers);
 * the build fails when either does not name the script's hash, saying which one it needs
 * (docs/decisions/167-first-paint-script-inline-by-hash.md).
 */
export function inlineFirstPaint(projectRoot: string): Plugin {
  const script = resolve(projectRoot, "web/first-paint.js");
  const headers = resolve(projectRoot, "web/public/_headers");
  return {
    name: "onething:inline-first-paint",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(FIRST_PAINT_SLOT)) throw new Error(`web/index.html lacks ${FIRST_PAINT_SLOT}`);
        const source = readFileSync(script, "utf8");
        if (/<\/script|<!--/i.test(source)) throw new Error("web/first-paint.js must not hold </script or <!--");
        const hash = `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
        const csps = {
          "web/public/_headers": readFileSync(headers, "utf8").match(/Content-Security-Policy: (.*)/)?.[1] ?? "",
          "worker/http/security-headers.ts": SECURITY_HEADERS["Content-Security-Policy"] ?? "",
        };
        for (const [file, csp] of Object.entries(csps)) {
          if (!csp.includes(`script-src 'self' ${hash};`)) {
            throw new Error(`${file}: the CSP must read "script-src 'self' ${hash};" (web/first-paint.js's hash)`);
          }
        }
        return html.replace(FIRST_PAINT_SLOT, () => `<script>${source}</script>`);
      },
    },
  };
}

/** The zod/mini schemas the web app parses (the focus screen's timer, the analytics record). */
const MINI_SCHEMAS = /shared[\\/]schemas[\\/](timer-state|live|analytics-record)\.ts$/;
const COPY = "\0zod-mini-copy:";

/**
 * Takes the app's first script out of index.html's markup and names it for web/first-paint.js,
 * which runs it after the first frame (the landing page asks for no script before its first
 * paint). `<meta name="start-entry">` is the entry (web/main.tsx); `<meta name="start-modules">` is
 * what it imports and what it starts (web/start.tsx with React and the app's entry), which
 * first-paint.js preloads with it rather than after it
 * (docs/decisions/167-first-paint-script-inline-by-hash.md).
 */
export function nameStartModules(startModule: string): Plugin {
  const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/g;
  const preloadTag = /<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">\s*/g;
  return {
    name: "onething:name-start-modules",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const entries = [...html.matchAll(entryTag)].map((match) => match[1] as string);
        const [entry] = entries;
        if (entries.length !== 1 || !entry)
          throw new Error(`index.html should hold one module script, not ${entries.length}`);
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        const start = chunks.find((c) => c.moduleIds.includes(startModule));
        if (!start) throw new Error(`no chunk of the build holds ${startModule}`);
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) add(imported);
        };
        add(entry.slice(1));
        add(start.fileName);
        const modules = [...files].map((file) => `/${file}`).filter((href) => href !== entry);
        return {
          html: html.replace(entryTag, "").replace(preloadTag, ""),
          tags: [
            { tag: "meta", attrs: { name: "start-entry", content: entry }, injectTo: "head-prepend" },
            { tag: "meta", attrs: { name: "start-modules", content: modules.join(" ") }, injectTo: "head-prepend" },
          ],
        };
      },
    },
  };
}

/**
 * The stylesheet is put into index.html as a <style> (the CSP allows inline styles, not scripts):
 * the first paint then waits on one request fewer, which on a slow link is a round trip
 * (docs/decisions/166-landing-prerendered-at-build.md).
 */
export function inlineStylesheet(): Plugin {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
  return {
    name: "onething:inline-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const links = [...html.matchAll(link)];
        if (links.length !== 1) throw new Error(`index.html should link one stylesheet, not ${links.length}`);
        const [tag, fileName] = links[0] as unknown as [string, string];
        const asset = ctx.bundle?.[fileName];
        if (asset?.type !== "asset") throw new Error(`${fileName} is not in the build`);
        // Nothing else asks for the file: left out, the service worker does not precache it twice.
        delete ctx.bundle?.[fileName];
        return html.replace(tag, () => `<style>${String(asset.source).trim()}</style>`);
      },
    },
  };
}

/**
 * Gives the zod/mini schemas their own copy of zod's modules in the browser build, so the screens
 * that parse only those (the focus screen) load a few KB of zod instead of the classic build.
 * A module is never split between chunks, so with one copy zod's core carries everything any screen
 * uses, and classic zod (the forms of the sign-in and settings screens) uses all of it: every string
 * format, transforms, defaults. The copy holds only what the zod/mini schemas need. Both
 * copies read one global configuration (web/zod-csp.ts) and parse alike; the worker is not affected.
 */
export function zodMiniCopy(): Plugin {
  return {
    name: "onething:zod-mini-copy",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer) {
      if (!importer) return null;
      const fromCopy = importer.startsWith(COPY);
      if (!fromCopy && !(source === "zod/mini" && MINI_SCHEMAS.test(importer))) return null;
      const resolved = await this.resolve(source, fromCopy ? importer.slice(COPY.length) : importer, {
        skipSelf: true,
      });
      if (!resolved || !/[\\/]node_modules[\\/]zod[\\/]/.test(resolved.id)) return resolved;
      // zod's package.json declares its modules free of side effects, all but compile.js.
      return { id: COPY + resolved.id, moduleSideEffects: /[\\/]compile\.js$/.test(resolved.id) };
    },
    load(id) {
      return id.startsWith(COPY) ? readFileSync(id.slice(COPY.length), "utf8") : null;
    },
  };
}

const EXTERNAL_STORE_SHIM = "use-sync-external-store/shim";
const REACTS_EXTERNAL_STORE = "\0onething:react-external-store";

/**
 * @lingui/react imports `useSyncExternalStore` from the package that brings it to React 17; React 19
 * has its own, which the package's copy only hands on. React's own is served in its place: 0.4 KB
 * gzip less on every first screen (docs/decisions/402-the-first-screen-s-weight-is-counted-one-way.md).
 */
export function reactsOwnExternalStore(): Plugin {
  return {
    name: "onething:react-external-store",
    enforce: "pre",
    resolveId: (source) => (source === EXTERNAL_STORE_SHIM ? REACTS_EXTERNAL_STORE : null),
    load: (id) => (id === REACTS_EXTERNAL_STORE ? 'export { useSyncExternalStore } from "react";' : null),
  };
}

const LUCIDE_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** What rolldown's chunking passes to a group's `name` function. */
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * A chunk-group name function. "main": what web/start.tsx loads (react-dom) plus the
 * pieces the landing page shares with the signed-in screens (buttons, theme toggle, footer), so the
 * landing page is that file and its own small chunk. "app": what every signed-in screen loads with
 * web/app.tsx (its static imports) and the shared pieces the braindump screen adds (not the
 * braindump's own modules). Left to itself the bundler spreads this code over many small files by
 * which screens share them, each compressed on its own (a few KB more on the first screen) and each
 * a request.
 */
export function chunkGroup(
  modules: { start: string; app: string; firstScreen: string; landing: string },
  group: "main" | "app",
) {
  let groups: Map<string, "main" | "app"> | null = null;
  const closure = (ctx: ChunkingContext, from: string, keep: (id: string) => boolean) => {
    const found = new Set<string>();
    const stack = [from];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      if (keep(id)) found.add(id);
      // The icon library's index imports every icon: which ones are used is not in the graph.
      if (!LUCIDE_INDEX.test(id)) stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return found;
  };
  const collect = (ctx: ChunkingContext) => {
    const app = closure(ctx, modules.app, () => true);
    for (const id of closure(ctx, modules.firstScreen, (id) => !/web[\\/]features[\\/]braindump[\\/]/.test(id))) {
      app.add(id);
    }
    const landing = closure(ctx, modules.landing, () => true);
    const found = new Map<string, "main" | "app">();
    for (const id of closure(ctx, modules.start, () => true)) found.set(id, "main");
    for (const id of app) if (!found.has(id)) found.set(id, landing.has(id) ? "main" : "app");
    return found;
  };
  return (id: string, ctx: ChunkingContext) => {
    groups ??= collect(ctx);
    return groups.get(id) === group ? group : null;
  };
}

/**
 * The Cloudflare plugin writes its deploy redirect (which built wrangler.json `wrangler deploy`
 * uploads) under the Vite root, web/.wrangler/deploy/config.json, but wrangler run from the
 * repository root looks for it beside wrangler.toml. This copies it there after the Worker's bundle
 * is written, so `npm run build && npx wrangler deploy` deploys the build (`vite preview` still
 * reads the one under web/).
 */
export function deployRedirectAtRoot(projectRoot: string): Plugin {
  const redirect = (root: string) => join(root, ".wrangler", "deploy", "config.json");
  return {
    name: "onething:deploy-redirect-at-root",
    apply: "build",
    writeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const written = redirect(this.environment.config.root);
        if (written === redirect(projectRoot) || !existsSync(written)) return;
        const config = JSON.parse(readFileSync(written, "utf8")) as {
          configPath: string;
          auxiliaryWorkers?: { configPath: string }[];
        };
        const from = dirname(written);
        const to = dirname(redirect(projectRoot));
        const rebase = (path: string) => relative(to, resolve(from, path));
        config.configPath = rebase(config.configPath);
        for (const worker of config.auxiliaryWorkers ?? []) worker.configPath = rebase(worker.configPath);
        mkdirSync(to, { recursive: true });
        writeFileSync(redirect(projectRoot), JSON.stringify(config));
      },
    },
  };
}

/**
 * modulePreload.resolveDependencies: what a lazy import preloads beside its own file
 * (docs/decisions/300-later-screens-preload-no-dependencies.md). Vite lists every chunk the
 * imported code needs, and each chunk with lazy imports carries the list of all of them, file names
 * with their hashes, which gzip hardly shrinks: 1.5 KB gzip on the signed-in first screen.
 * - The files every page has run before any lazy import can start (the main chunk, the
 *   runtime, the preload helper, web/app.tsx's chunk) are left out: preloading them does nothing.
 * - The screens web/router.tsx's route table loads, but the first one, preload nothing: their own
 *   imports follow one round trip later on a first visit, and come from the service worker's
 *   precache after it.
 */
export function preloadWhatIsNotLoaded(filename: string, deps: string[], context: { hostId: string }): string[] {
  const fromApp = /(^|\/)app-[\w-]+\.js$/.test(context.hostId);
  if (fromApp && /(^|\/)[\w-]+-page-[\w-]+\.js$/.test(filename) && !/priority-picker-page-/.test(filename)) return [];
  return deps.filter((dep) => !/(^|\/)(main|app|preload-helper|rolldown-runtime)-[\w-]+\.js$/.test(dep));
}
