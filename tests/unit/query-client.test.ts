import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../web/api/query-client";

describe("the data layer's defaults (docs/product.md#request-behaviour)", () => {
  it("never goes stale, never refetches on focus or by polling, and never retries", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
