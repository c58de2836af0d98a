// Vitest globalSetup (runs in Node, outside workerd): a Web Push service on loopback. It checks
// each message's VAPID token (RFC 8292) against the key pair it generated for the suite, decrypts
// the payload (RFC 8291, aes128gcm) with the subscription's private key using http_ece (the
// library web-push uses), and keeps what it received for the tests to read.
//
// Push services are https (the sending library refuses anything else), so subscriptions name
// https://push.invalid/push/{id}; vitest.config.ts sends the worker's requests for that host here.
//   POST /subscribe?status=410   a new subscription (a fresh P-256 key pair and auth secret); the
//                                status is what this service answers its pushes (default 201)
//   POST /push/{id}              a push message
//   GET  /received/{id}          what arrived for that subscription: decrypted JSON, or the error
import { createECDH, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { importJWK, jwtVerify } from "jose";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pushMockUrl: string;
    vapidPublicKey: string;
    vapidPrivateKey: string;
  }
}

export const PUSH_HOST = "push.invalid";
export const VAPID_SUBJECT = "mailto:tests@onething.invalid";

type Received = { message?: unknown; error?: string; ttl: string | null; urgency: string | null };
type Subscription = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number; received: Received[] };

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<the application server's public key>`, for this push origin. */
async function checkVapid(authorization: string | undefined, publicKey: string): Promise<void> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error("the VAPID key is not the server's");
  const raw = Buffer.from(k, "base64url");
  const key = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    "ES256",
  );
  const { payload } = await jwtVerify(token, key, { audience: `https://${PUSH_HOST}`, algorithms: ["ES256"] });
  if (!payload.sub?.startsWith("mailto:")) throw new Error("the VAPID subject is missing");
  if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 60 * 60) throw new Error("the VAPID expiry is over 24 h");
}

export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const vapidPublicKey = publicKey.export({ format: "der", type: "spki" }).subarray(-65).toString("base64url");
  const vapidPrivateKey = privateKey.export({ format: "jwk" }).d as string;
  const subscriptions = new Map<string, Subscription>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const [, route, id = ""] = url.pathname.split("/");
    if (req.method === "POST" && route === "subscribe") {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const subId = randomBytes(12).toString("hex");
      subscriptions.set(subId, { ecdh, auth, status: Number(url.searchParams.get("status") ?? 201), received: [] });
      return json(res, 200, {
        endpoint: `https://${PUSH_HOST}/push/${subId}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      });
    }
    const sub = subscriptions.get(id);
    if (!sub) return json(res, 404, { error: "no such subscription" });
    if (req.method === "GET" && route === "received") return json(res, 200, sub.received);
    if (req.method !== "POST" || route !== "push") return json(res, 404, { error: "unknown route" });
    const body = await readBody(req);
    const entry: Received = { ttl: req.headers.ttl as string | null, urgency: (req.headers.urgency as string) ?? null };
    try {
      if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
      await checkVapid(req.headers.authorization, vapidPublicKey);
      const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: sub.ecdh, authSecret: sub.auth });
      entry.message = JSON.parse(plain.toString("utf8"));
    } catch (err) {
      entry.error = String(err);
    }
    sub.received.push(entry);
    // A redirect back to itself: a sender that followed it would post again (and again).
    if (sub.status >= 300 && sub.status < 400) res.writeHead(sub.status, { Location: req.url ?? "/" }).end();
    else res.writeHead(sub.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("pushMockUrl", `http://127.0.0.1:${port}`);
  project.provide("vapidPublicKey", vapidPublicKey);
  project.provide("vapidPrivateKey", vapidPrivateKey);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
