// Serves the app configured for a hosted identity provider, for the browser test of that sign-in
// (tests/e2e/oidc.spec.ts starts it): a mock OpenID provider on loopback, and a fresh build of the
// app with OIDC_* pointing at it and its own databases (scripts/e2e-state.mjs), served from workerd
// alone (scripts/serve-built-worker.mjs).
//   E2E_OIDC_APP_PORT       the app (default 9790)
//   E2E_OIDC_PROVIDER_PORT  the provider (default 10790)
import { Events, OAuth2Server } from "oauth2-mock-server";
import { freshState } from "./e2e-state.mjs";
import { buildUnlessMade, serveBuiltWorker, stopOnSignals } from "./serve-built-worker.mjs";

const appPort = process.env.E2E_OIDC_APP_PORT ?? "9790";
const providerPort = Number(process.env.E2E_OIDC_PROVIDER_PORT ?? "10790");
const stateDir = `.wrangler/e2e-oidc-${appPort}`;

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

// Under `npm test` (E2E_SKIP_BUILD=1) the browser suite's build is already made and serves here
// too, with this app's variables (scripts/serve-built-worker.mjs), instead of a second build's CPU
// in the middle of the suite.
const outDir =
  process.env.E2E_SKIP_BUILD === "1" ? `dist-e2e-${process.env.E2E_PORT ?? "8790"}` : `dist-e2e-oidc-${appPort}`;
buildUnlessMade(outDir);
freshState(stateDir);
const stopApp = await serveBuiltWorker({
  outDir,
  stateDir,
  port: appPort,
  vars: {
    OIDC_ISSUER: provider.issuer.url,
    OIDC_CLIENT_ID: "onethinge2e",
    OIDC_CLIENT_SECRET: "e2e-client-secret",
    E2E_CLOCK_SHIFT_MS: String(clockShiftMs),
  },
});
stopOnSignals(stopApp, () => provider.stop());
