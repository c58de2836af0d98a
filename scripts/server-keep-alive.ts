// The local server's idle connections (vite.config.ts): `npm start`, `npm run dev` and the browser
// suite's server (docs/decisions/226-local-server-keeps-idle-connections.md).
import type { Server } from "node:http";
import type { Plugin } from "vite";

/**
 * How long the local server keeps an idle kept-alive connection open. Node's default is 5 s, and a
 * client that reuses a connection just as the server closes it gets `read ECONNRESET`: Node's
 * client agents (Playwright's request fixture) drop a socket one second before the `Keep-Alive:
 * timeout=5` the server announces, and on a machine busy enough to hold a process up for that
 * second the two cross. A minute is longer than any idle gap between two requests of one test.
 */
export const IDLE_CONNECTION_MS = 65_000;

function keepIdleConnections(server: Server | null | undefined) {
  if (!server) return;
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // Node refuses a request whose headers take longer than this; it must outlast the idle time.
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}

export function keepIdleConnectionsOpen(): Plugin {
  return {
    name: "onething:keep-idle-connections-open",
    configureServer(server) {
      keepIdleConnections(server.httpServer as Server | null);
    },
    configurePreviewServer(server) {
      keepIdleConnections(server.httpServer as Server);
    },
  };
}
