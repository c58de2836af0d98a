import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // The files share one module graph instead of loading it afresh each (most of the suite's time);
    // none keeps state between tests. To check that after a change: npm run test:unit -- --sequence.shuffle.files
    isolate: false,
  },
});
