import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  return {
    root,
    plugins: [
      // A function, so it can read what the global setup provided: the mock provider's URL.
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
            AI_PROVIDER: "local",
            OIDC_ISSUER: inject("oidcIssuer"),
            // The mock provider accepts any client. It does not decode the form-encoded Basic
            // credentials, so the id keeps to characters that encoding leaves alone.
            OIDC_CLIENT_ID: "onethingtest",
            OIDC_CLIENT_SECRET: "test-client-secret",
          },
        },
      })),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      globalSetup: ["tests/worker/mock-oidc-provider.ts"],
      setupFiles: ["tests/worker/apply-migrations.ts"],
      testTimeout: 20_000,
    },
  };
});
