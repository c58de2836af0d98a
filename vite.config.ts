import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// ONETHING_OUT_DIR and ONETHING_STATE_DIR let several builds (e.g. parallel e2e runs) coexist.
const outDir = process.env.ONETHING_OUT_DIR ?? "dist";
const persistState = process.env.ONETHING_STATE_DIR ? { path: process.env.ONETHING_STATE_DIR } : true;

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), cloudflare({ configPath: "../wrangler.toml", persistState })],
  build: {
    outDir: `../${outDir}`,
    emptyOutDir: true,
  },
});
