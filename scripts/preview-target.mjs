// `vite preview` (@cloudflare/vite-plugin) serves the Worker named in web/.wrangler/deploy/config.json,
// which every build rewrites: it is the last build made, whatever ONETHING_OUT_DIR says. Servers that
// run side by side with other builds (the browser tests, their OIDC app) point it at their own build
// just before starting preview, which reads it once at start-up.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const deployConfig = resolve("web/.wrangler/deploy/config.json");

export function pointPreviewAt(outDir) {
  mkdirSync(dirname(deployConfig), { recursive: true });
  const configPath = relative(dirname(deployConfig), resolve(outDir, "onething/wrangler.json"));
  writeFileSync(deployConfig, JSON.stringify({ configPath, auxiliaryWorkers: [] }));
}
