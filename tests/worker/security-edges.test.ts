import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../worker/app";
import { expectErrorShape, snapshotUser } from "./hardening-helpers";
import { api, registerUser } from "./helpers";

describe("the edges of the API answer the one JSON error shape", () => {
  it("a body over MAX_BODY_BYTES answers 413 and changes nothing", async () => {
    const { token, user } = await registerUser();
    const before = await snapshotUser(user);
    const huge = JSON.stringify({ text: "x".repeat(MAX_BODY_BYTES) });
    for (const path of ["/api/process-tasks", "/api/auth/login", "/api/tasks"]) {
      const res = await api(path, {
        method: "POST",
        token,
        body: huge,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, path).toBe(413);
      await expectErrorShape(res, path);
    }
    expect(await snapshotUser(user)).toBe(before);
  });

  it("a body just under the limit is read and validated as usual", async () => {
    const { token } = await registerUser();
    const big = JSON.stringify({ text: "x".repeat(MAX_BODY_BYTES - 100) });
    const res = await api("/api/process-tasks", {
      method: "POST",
      token,
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    await expectErrorShape(res);
  });

  it("unknown paths under /api, signed in or not, answer 404 JSON", async () => {
    const { token } = await registerUser();
    for (const path of [
      "/api/analytics/nope",
      "/api/analytics/today/extra",
      "/api/nope",
      "/api/tasks/1/nope",
      "/api/account/nope",
    ]) {
      for (const auth of [{ token }, {}]) {
        const res = await api(path, auth);
        expect(res.status, `${path} ${"token" in auth ? "signed in" : "signed out"}`).toBe(404);
        await expectErrorShape(res, path);
      }
    }
  });
});
