// Serves a build's Worker and its assets from workerd alone, for the browser suite's servers
// (scripts/serve-e2e.mjs, scripts/serve-e2e-oidc.mjs): Miniflare runs the built Worker as its
// generated wrangler.json describes it (bindings, assets and their _headers, Durable Objects, the
// build's .dev.vars), and workerd listens on the port itself. `vite preview` put a Node proxy in
// front of it that spent about as much CPU as the Worker
// (docs/decisions/440-browser-suite-servers-are-workerd-alone.md).
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
          bindings: { ...options.bindings, ...vars },
          modulesRoot: resolve(outDir, "onething"),
          modules: [{ type: "ESModule", path: resolve(main) }],
        },
      ],
    }),
  );
  await miniflare.ready;
  return () => miniflare.dispose();
}
