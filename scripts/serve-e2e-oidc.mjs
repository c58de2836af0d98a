// Serves the app configured for a hosted identity provider, for the browser test of that sign-in
// (tests/e2e/oidc.spec.ts starts it): a mock OpenID provider on loopback, and a fresh build of the
// app with OIDC_* pointing at it, its own output folder and its own databases (scripts/e2e-state.mjs).
//   E2E_OIDC_APP_PORT       the app (default 9790)
//   E2E_OIDC_PROVIDER_PORT  the provider (default 10790)
import { execSync, spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { setBuildVars } from "./build-dev-vars.mjs";
import { freshState } from "./e2e-state.mjs";
import { startPreviewOf } from "./preview-target.mjs";

const appPort = process.env.E2E_OIDC_APP_PORT ?? "9790";
const providerPort = Number(process.env.E2E_OIDC_PROVIDER_PORT ?? "10790");
const outDir = `dist-e2e-oidc-${appPort}`;
const stateDir = `.wrangler/e2e-oidc-${appPort}`;
const env = { ...process.env, ONETHING_OUT_DIR: outDir, ONETHING_STATE_DIR: stateDir };
const run = (command) => execSync(command, { stdio: "inherit", env });

// The run's placed clock (tests/e2e/run-clock.ts), in the provider's tokens as in the app that
// checks them (docs/decisions/238-browser-suite-runs-across-a-days-start.md).
const clockShiftMs = Number(process.env.E2E_CLOCK_SHIFT_MS) || 0;
if (clockShiftMs !== 0) {
  const Real = Date;
  globalThis.Date = class extends Real {
    constructor(...args) {
      if (args.length === 0) super(Real.now() + clockShiftMs);
      else super(...args);
    }
    static now() {
      return Real.now() + clockShiftMs;
    }
  };
}

// The provider signs in one fixed person without showing a page.
const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
provider.issuer.url = `http://127.0.0.1:${providerPort}`;
provider.service.on(Events.BeforeTokenSigning, (token) => {
  Object.assign(token.payload, {
    sub: "e2e-grace",
    email: "grace.e2e@example.com",
    email_verified: true,
    given_name: "Grace",
    family_name: "Hopper",
  });
});
await provider.start(providerPort, "127.0.0.1");

run("node scripts/ensure-dev-vars.mjs");
// Under `npm test` (E2E_SKIP_BUILD=1) the browser suite's build is already made: a copy of it
// serves here too, instead of a second build's CPU in the middle of the suite.
const mainBuild = `dist-e2e-${process.env.E2E_PORT ?? "8790"}`;
if (process.env.E2E_SKIP_BUILD === "1") {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(mainBuild, outDir, { recursive: true });
} else {
  run("npx vite build --logLevel warn");
}
setBuildVars(outDir, {
  OIDC_ISSUER: provider.issuer.url,
  OIDC_CLIENT_ID: "onethinge2e",
  OIDC_CLIENT_SECRET: "e2e-client-secret",
  E2E_CLOCK_SHIFT_MS: String(clockShiftMs),
});
freshState(stateDir);
const server = await startPreviewOf(outDir, `http://127.0.0.1:${appPort}/api/health`, () =>
  spawn("npx", ["vite", "preview", "--host", "127.0.0.1", "--port", appPort, "--strictPort"], {
    stdio: "inherit",
    env,
  }),
);
async function stop(signal) {
  server.kill(signal);
  await provider.stop();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
server.on("exit", async (code) => {
  await provider.stop().catch(() => {});
  process.exit(code ?? 0);
});
