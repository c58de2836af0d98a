import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { preview } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDLE_CONNECTION_MS, keepIdleConnectionsOpen } from "../../scripts/server-keep-alive";

// `npm start`'s and `npm run dev`'s Node server keeps an idle connection longer than any gap in a
// test (docs/decisions/226-local-server-keeps-idle-connections.md); the browser suite's servers are
// workerd alone (docs/decisions/440-browser-suite-servers-are-workerd-alone.md), so this is checked
// on a Vite preview server of its own, with the plugin as vite.config.ts gives it.
describe("the local Node server's idle connections", () => {
  const folder = mkdtempSync(join(tmpdir(), "keep-alive-"));
  let server: Awaited<ReturnType<typeof preview>>;
  beforeAll(async () => {
    writeFileSync(join(folder, "index.html"), "<!doctype html><title>.</title>");
    server = await preview({
      configFile: false,
      logLevel: "silent",
      root: folder,
      build: { outDir: folder },
      plugins: [keepIdleConnectionsOpen()],
      preview: { host: "127.0.0.1", port: 0 },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("announce that an idle connection stays open for a minute", async () => {
    const { port } = server.httpServer.address() as AddressInfo;
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/", headers: { Connection: "keep-alive" } }, (res) => {
        res.resume();
        resolve(res.headers["keep-alive"]?.toString());
      });
      req.on("error", reject);
      req.end();
    });
    expect(keepAlive).toBe(`timeout=${IDLE_CONNECTION_MS / 1000}`);
  });
});
