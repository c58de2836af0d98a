import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// ONETHING_OUT_DIR and ONETHING_STATE_DIR let several builds (e.g. parallel e2e runs) coexist.
const outDir = process.env.ONETHING_OUT_DIR ?? "dist";
// The Vite root is web/, so the local state path is given from the project root, where
// `wrangler d1 migrations apply --local` writes it too.
const projectRoot = fileURLToPath(new URL(".", import.meta.url));
const persistState = { path: resolve(projectRoot, process.env.ONETHING_STATE_DIR ?? ".wrangler/state") };
// ONETHING_NO_INSPECTOR=1 turns off workerd's debugger port, which parallel servers would fight over.
const inspectorPort = process.env.ONETHING_NO_INSPECTOR === "1" ? false : undefined;

/**
 * web/boot.ts is its own small entry, run before the main one: the build lists it as a second input
 * and puts its script in index.html ahead of the main script (module scripts run in document
 * order, and this one needs none of the main bundle). The dev server runs main.tsx alone, which
 * does the same work itself.
 */
function bootEntry(): Plugin {
  return {
    name: "onething:boot-entry",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === "chunk" && c.isEntry && c.name === "boot");
        if (!boot) throw new Error("the boot entry (web/boot.ts) is missing from the build");
        const tag = `<script type="module" crossorigin src="/${boot.fileName}"></script>\n    `;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error("index.html has no module script to put the boot entry before");
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    bootEntry(),
    cloudflare({ configPath: "../wrangler.toml", persistState, inspectorPort }),
  ],
  build: {
    outDir: `../${outDir}`,
    emptyOutDir: true,
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: { index: resolve(projectRoot, "web/index.html"), boot: resolve(projectRoot, "web/boot.ts") },
          output: {
            codeSplitting: {
              groups: [
                // What web/boot.ts runs: one small chunk, shared with the main entry.
                {
                  name: "first-screen",
                  test: /web[\\/](first-screen|zod-csp)\.ts$|web[\\/]api[\\/](early-requests|client|query-keys)\.ts$|shared[\\/]constants\.ts$|preload-helper/,
                  priority: 2,
                },
                // The rest of what the main entry loads (react-dom, the landing page) in one file, as
                // with a single entry, rather than in pieces by which entry reaches them.
                { name: "main", tags: ["$initial"], test: (id) => !/web[\\/]boot\.ts$/.test(id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
