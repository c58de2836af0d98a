import type { MiddlewareHandler } from "hono";

/**
 * Reads whatever the handler left unread of the request body before the answer goes out. A proxy
 * in front of the Worker (the local preview server) reports a failed fetch, answered as an HTML
 * 500, for an answer that comes before the request was sent in full, and the next request on the
 * same kept-alive connection breaks with it. Every early answer (401, 403, 404, 413, a 400 that
 * never parsed the body) goes through here, so no route has to remember it.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  const received = c.req.raw;
  await next();
  // The body limit may have put a counting stream in front of the body: reading it reads both.
  await discardBody(c.req.raw);
  if (c.req.raw !== received) await discardBody(received);
};

async function discardBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  try {
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // dropped
    }
  } catch {
    // Locked by a reader that stopped part-way (the body limit refusing it): nothing more to do.
  }
}
