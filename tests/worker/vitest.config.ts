import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { linguiPlugins } from "../../scripts/lingui-plugins.ts";
import { shiftClock } from "../../shared/shifted-clock.ts";
import { clockShift, placedStart } from "./suite-clock.ts";

/** Just over the 10,000 generated requests the security suite promises, spread over every route. */
const DEFAULT_FUZZ_RUNS = 10_100;

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * TEST_CLOCK places the suite's clock (tests/worker/suite-clock.ts,
 * docs/decisions/236-suites-run-across-a-days-start.md): the Worker's, and this process's, where the
 * loopback sign-in provider and push service sign and check their tokens on the same clock.
 */
const clockShiftMs = clockShift(placedStart(process.env.TEST_CLOCK, Date.now()), Date.now());
shiftClock(clockShiftMs);
if (clockShiftMs)
  console.log(`Worker suite clock: starts at ${new Date().toISOString()} (TEST_CLOCK=${process.env.TEST_CLOCK}).`);

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  return {
    root,
    plugins: [
      // The server's messages and catalogs, as the build has them (docs/decisions/395-messages-in-lingui-catalogs.md).
      ...linguiPlugins(),
      // A function, so it can read what the global setups provided: the mock servers' URLs.
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: `${root}/wrangler.toml` },
        // Workers AI has no local simulation: the binding stays local (every call fails at once),
        // so the suite needs no Cloudflare account and no network.
        remoteBindings: false,
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_CLOCK_SHIFT_MS: String(clockShiftMs),
            AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
            AI_PROVIDER: "local",
            OIDC_ISSUER: inject("oidcIssuer"),
            // The mock provider accepts any client. It does not decode the form-encoded Basic
            // credentials, so the id keeps to characters that encoding leaves alone.
            OIDC_CLIENT_ID: "onethingtest",
            OIDC_CLIENT_SECRET: "test-client-secret",
            // The loopback OpenAI-compatible server of openai-mock-server.ts.
            OPENAI_BASE_URL: inject<string>("openaiMockUrl"),
            OPENAI_API_KEY: "test-openai-key",
            OPENAI_MODEL: "test-model",
            // security-fuzz.ts: total generated requests and the seed (empty: a new seed each
            // run, printed by fast-check when a property fails; set FUZZ_SEED to replay it).
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? String(DEFAULT_FUZZ_RUNS),
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
            // bench/suggestions.mjs sets it: one test per held-out prompt, to count them.
            SUGGESTION_BENCH: process.env.SUGGESTION_BENCH ?? "",
            // bench/person-year.mjs sets it: the days one person lives in person-year.test.ts.
            PERSON_YEAR_BENCH: process.env.PERSON_YEAR_BENCH ?? "",
            // Web Push: the key pair mock-push-service.ts checks tokens against, and its address.
            VAPID_PUBLIC_KEY: inject("vapidPublicKey"),
            VAPID_PRIVATE_KEY: inject("vapidPrivateKey"),
            VAPID_SUBJECT: "mailto:tests@onething.invalid",
            PUSH_MOCK_URL: inject("pushMockUrl"),
            // The one place its host is accepted as a push service (worker/push/push-services.ts).
            PUSH_TEST_SERVICE_HOST: "push.invalid",
            // New people whose request names no continent go to person database 0 (the directory's
            // own), so the suite's direct reads of DB find their rows; the tests that cross homes send
            // a continent (tests/worker/person-dbs.test.ts, docs/decisions/275-worker-suite-places-by-continent.md).
            PLACE_NEW_PEOPLE: "0",
          },
          // Push endpoints are https (the sending library requires it): the mock push service's
          // host is sent to its loopback address; every other request goes out unchanged.
          outboundService: async (request: Request) => {
            const url = new URL(request.url);
            if (url.hostname === "push.invalid") {
              const mock = new URL(inject("pushMockUrl"));
              url.protocol = mock.protocol;
              url.host = mock.host;
            }
            const body =
              request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
            return fetch(url, { method: request.method, headers: request.headers, body, redirect: "manual" });
          },
        },
      })),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      // Loopback stand-ins for the outside services: an OIDC provider, an OpenAI-compatible API and a
      // Web Push service.
      globalSetup: [
        "tests/worker/mock-oidc-provider.ts",
        "tests/worker/openai-mock-server.ts",
        "tests/worker/mock-push-service.ts",
      ],
      setupFiles: ["tests/worker/apply-suite-clock.ts", "tests/worker/apply-migrations.ts"],
      // Room for a machine busy with other work
      // (docs/decisions/064-test-suites-sized-busy-machine.md); only a failure waits it out.
      testTimeout: 45_000,
      hookTimeout: 30_000,
      // Vitest's default leaves a core idle (one worker on a 2-core machine); the suite mostly waits
      // on workerd, so a worker per core halves its time.
      maxWorkers: "100%",
      // Test files share their worker's workerd and module graph instead of loading the Worker's
      // modules afresh per file (that load was about half the suite's time). Every file makes its
      // own users and rows, so they do not depend on one another; to check that after a change:
      // npm run test:worker -- --sequence.shuffle.files
      isolate: false,
    },
  };
});
