// A small gzip-compressing reverse proxy for the benchmarks. `vite preview` serves assets
// uncompressed, while Cloudflare compresses them: Lighthouse in front of this proxy sees transfer
// sizes like production's. WebSocket upgrades are piped through untouched.
//
//   node bench/gzip-proxy.mjs http://127.0.0.1:8813 8814
import http from "node:http";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Starts the proxy on `port` in front of `target`; answers { url, close }. */
export function startGzipProxy(target, port) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const proxied = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // The Host header stays the proxy's, so the app sees its public origin (as behind a CDN).
        headers: { ...req.headers, "accept-encoding": "identity" },
      },
      (answer) => {
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => {
          let body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          const wantsGzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
          if (wantsGzip && !headers["content-encoding"] && COMPRESSIBLE.test(headers["content-type"] ?? "")) {
            body = gzipSync(body, { level: 9 });
            headers["content-encoding"] = "gzip";
            headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
          }
          delete headers["transfer-encoding"];
          headers["content-length"] = String(body.length);
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    proxied.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(proxied);
  });

  // WebSocket (GET /api/live): replay the upgrade request upstream and pipe the two sockets.
  server.on("upgrade", (req, socket, head) => {
    const backend = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      backend.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) backend.write(head);
      backend.pipe(socket);
      socket.pipe(backend);
    });
    const close = () => {
      socket.destroy();
      backend.destroy();
    };
    backend.on("error", close);
    socket.on("error", close);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [target = "http://127.0.0.1:8813", port = "8814"] = process.argv.slice(2);
  const proxy = await startGzipProxy(target, Number(port));
  console.log(`${proxy.url} → ${target} (gzip)`);
}
