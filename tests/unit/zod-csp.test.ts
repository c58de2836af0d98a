import "../../web/zod-csp";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";

// web/zod-csp.ts sets zod's global configuration without importing zod; if zod ever moved it, the
// browser would try `new Function` under the CSP again. This fails then.
describe("web/zod-csp", () => {
  it("makes zod jitless before any schema is defined", () => {
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ a: z.number() });
    expect(schema.safeParse({ a: 1 }).success).toBe(true);
    expect(schema.safeParse({ a: "1" }).success).toBe(false);
  });
});
