// worker/auth/test-password-cost.ts: only a local server that asks for it hashes at the test cost
// (docs/decisions/123-browser-suites-local-server-hashes-passwords.md).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { freshIp, PASSWORD, withProductionPasswordHash } from "./helpers";

/** Registers through the app with these bindings at this origin; answers the stored hash's cost. */
async function storedCost(origin: string, bindings: Record<string, string>) {
  const name = `cost${crypto.randomUUID().slice(0, 8)}`;
  const res = await app.request(
    `${origin}/api/auth/register`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: PASSWORD }),
    },
    { ...env, ...bindings },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const row = await env.DB.prepare("select password_hash from users where username = ?")
    .bind(name)
    .first<{ password_hash: string }>();
  return row?.password_hash.split("$").slice(1, 4).join("$");
}

describe("the test password cost", () => {
  it("is used only when the binding asks for it and the request is addressed to this machine", async () => {
    await withProductionPasswordHash(async () => {
      // In this order: once granted, the isolate keeps the test cost (a local server's whole life).
      expect(await storedCost("http://127.0.0.1:8790", {})).toBe("16384$8$5");
      expect(await storedCost("https://onething.example", { PASSWORD_HASH_COST: "test" })).toBe("16384$8$5");
      expect(await storedCost("http://127.0.0.1:8790", { PASSWORD_HASH_COST: "cheap" })).toBe("16384$8$5");
      expect(await storedCost("http://127.0.0.1:8790", { PASSWORD_HASH_COST: "test" })).toBe("1024$8$1");
    });
  });
});
