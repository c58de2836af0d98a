// `vite preview` (@cloudflare/vite-plugin) serves the Worker named in web/.wrangler/deploy/config.json,
// which every build rewrites: it is the last build made, whatever ONETHING_OUT_DIR says. Servers that
// run side by side with other builds (the browser tests, their OIDC app, their day servers) point it
// at their own build and start preview, which reads it once at start-up. Two servers starting at
// once could each read the other's pointer (a day server then served the other's build, and a blank
// page once that one was stopped and its folder replaced), so one server at a time holds a lock from
// pointing until its server answers.
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const deployConfig = resolve("web/.wrangler/deploy/config.json");
const lock = resolve(".wrangler/preview-start.lock");
/** A lock older than this was left by a server that died while starting. */
const STALE_MS = 180_000;

function pointPreviewAt(outDir) {
  mkdirSync(dirname(deployConfig), { recursive: true });
  const configPath = relative(dirname(deployConfig), resolve(outDir, "onething/wrangler.json"));
  writeFileSync(deployConfig, JSON.stringify({ configPath, auxiliaryWorkers: [] }));
}

async function takeLock() {
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Points preview at outDir and starts it (`start()` returns the server's process), holding the lock
 * until `url` answers or the process ends: by then preview has read the pointer.
 */
export async function startPreviewOf(outDir, url, start) {
  await takeLock();
  let server;
  try {
    pointPreviewAt(outDir);
    server = start();
    const deadline = Date.now() + STALE_MS;
    while (server.exitCode === null && Date.now() < deadline) {
      const up = await fetch(url).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return server;
}
