import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  return {
    root,
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
            AI_PROVIDER: "local",
            // The loopback OpenAI-compatible server of openai-mock-server.ts.
            OPENAI_BASE_URL: inject<string>("openaiMockUrl"),
            OPENAI_API_KEY: "test-openai-key",
            OPENAI_MODEL: "test-model",
          },
        },
      })),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["tests/worker/apply-migrations.ts"],
      globalSetup: ["tests/worker/openai-mock-server.ts"],
      testTimeout: 20_000,
    },
  };
});
