import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { linguiPlugins } from "../../scripts/lingui-plugins.ts";
import { clockShift, placedStart } from "../worker/suite-clock.ts";

/** TEST_CLOCK places the suite's clock as it does the worker suite's (docs/decisions/236-suites-run-across-a-days-start.md). */
const clockShiftMs = clockShift(placedStart(process.env.TEST_CLOCK, Date.now()), Date.now());

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  // The app's messages (docs/decisions/395-messages-in-lingui-catalogs.md); outside production
  // they keep their English, so a test needs no catalog loaded, only a language shown.
  plugins: linguiPlugins(),
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    env: { TEST_CLOCK_SHIFT_MS: String(clockShiftMs) },
    setupFiles: ["tests/unit/apply-suite-clock.ts", "tests/unit/show-english.ts"],
    // The files share one module graph instead of loading it afresh each (most of the suite's time);
    // none keeps state between tests. To check that after a change: npm run test:unit -- --sequence.shuffle.files
    isolate: false,
  },
});
