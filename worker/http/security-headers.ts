import type { MiddlewareHandler } from "hono";

/**
 * Headers every API answer carries. App pages and assets get the same set from
 * web/public/_headers, because the static-asset server answers them without running the Worker.
 * The one script the CSP allows inline is web/first-paint.js, by its hash; the build checks both
 * files name it (docs/decisions/167-first-paint-script-inline-by-hash.md).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self' 'sha256-xmP56iO+IlaCzRj3t8P5GDSOUQ/ClmGjTnjENMWBOPI='; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // WebSocket upgrades (101) have immutable headers.
  if (c.res.status === 101) return;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};
