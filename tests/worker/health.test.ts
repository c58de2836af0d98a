import { describe, expect, it } from "vitest";
import { api } from "./helpers";

describe("health and the error shape", () => {
  it("answers GET /api/health with ok", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await api("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ message: "No such API endpoint." });
  });

  it("sets the security headers on API answers, errors included", async () => {
    for (const path of ["/api/health", "/api/nope", "/api/auth/user"]) {
      const res = await api(path);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBeTruthy();
    }
  });

  it("answers a malformed JSON body with 400 and no internals", async () => {
    const res = await api("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(typeof body.message).toBe("string");
    expect(JSON.stringify(body)).not.toMatch(/stack|SQLITE|at \w+ \(/);
  });
});
