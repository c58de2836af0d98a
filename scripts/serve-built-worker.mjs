// Serves a build's Worker and its assets from workerd alone, for the browser suite's servers
// (scripts/serve-e2e.mjs, scripts/serve-e2e-oidc.mjs): Miniflare runs the built Worker as its
// generated wrangler.json describes it (bindings, assets and their _headers, Durable Objects, the
// build's .dev.vars), and workerd listens on the port itself. `vite preview` put a Node proxy in
// front of it that spent about as much CPU as the Worker
// (docs/decisions/440-browser-suite-servers-are-workerd-alone.md).
import { execSync } from "node:child_process";
import { createRequire } from "node:module";
import { resolve } from "node:path";

// Wrangler's notes on reading the configuration (the AI binding reaches no network here) are not
// the server's news: only its errors are.
process.env.WRANGLER_LOG ??= "error";
const { unstable_getMiniflareWorkerOptions } = await import("wrangler");

// The Miniflare wrangler itself runs, whose options unstable_getMiniflareWorkerOptions writes.
const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
const { Log, LogLevel, Miniflare, convertV4MiniflareOptions } = await import(fromWrangler.resolve("miniflare"));

/**
 * Serves `<outDir>/onething` (the build's Worker) and `<outDir>/client` on 127.0.0.1:port, its
 * databases and Durable Objects in `<stateDir>/v3` (where `wrangler --persist-to` and the Vite
 * plugin keep them), with `vars` set over the build's variables. Answers a function that stops it.
 */
export async function serveBuiltWorker({ outDir, stateDir, port, vars = {} }) {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(resolve(outDir, "onething/wrangler.json"));
  // The built Worker is one module; the rules that find others are for a build that has them.
  const { modulesRules: _, ...options } = workerOptions;
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: Number(port),
      log: new Log(LogLevel.WARN),
      // The placeholder `request.cf` without asking Cloudflare for a real one (no network here).
      cf: false,
      resourcePersistencePath: resolve(stateDir, "v3"),
      resourceTmpPath: resolve(stateDir, "tmp"),
      telemetry: { enabled: false },
      workers: [
        {
          ...options,
          name: "onething",
          // Cheap password hashes for a suite server's hundred-odd sign-ups
          // (docs/decisions/123-browser-suites-local-server-hashes-passwords.md).
          bindings: { ...options.bindings, PASSWORD_HASH_COST: "test", ...vars },
          modulesRoot: resolve(outDir, "onething"),
          modules: [{ type: "ESModule", path: resolve(main) }],
        },
      ],
    }),
  );
  await miniflare.ready;
  return () => miniflare.dispose();
}

/**
 * Makes the build a suite server serves: its local secrets first, then a build into `outDir`,
 * unless E2E_SKIP_BUILD=1 says the suite's build is already made.
 */
export function buildUnlessMade(outDir) {
  execSync("node scripts/ensure-dev-vars.mjs", { stdio: "inherit" });
  if (process.env.E2E_SKIP_BUILD === "1") return;
  execSync("npx vite build --logLevel warn", { stdio: "inherit", env: { ...process.env, ONETHING_OUT_DIR: outDir } });
}

/** On SIGINT or SIGTERM, runs every stop (a server's, a provider's) and exits. */
export function stopOnSignals(...stops) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      await Promise.allSettled(stops.map((stop) => stop()));
      process.exit(0);
    });
  }
}
