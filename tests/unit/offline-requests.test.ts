import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, apiRequest, OfflineError, offlineMessage } from "../../web/api/client";
import { lastAnswers, offlineFallback } from "../../web/api/query-persistence";

function network(online: boolean) {
  vi.stubGlobal("navigator", { onLine: online });
  vi.stubGlobal("fetch", async () => {
    throw new TypeError("Failed to fetch");
  });
  vi.stubGlobal("localStorage", { getItem: () => "tok", setItem: () => {}, removeItem: () => {} });
}

afterEach(() => vi.unstubAllGlobals());

describe("a request the browser cannot send", () => {
  it("offline, is refused with the message every screen shows (serverMessage)", async () => {
    network(false);
    const err = await apiRequest("POST", "/api/timer/pause").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OfflineError);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).serverMessage).toBe(offlineMessage());
  });

  it("online (a network failure), stays the browser's own error", async () => {
    network(true);
    await expect(apiRequest("GET", "/api/tasks")).rejects.toBeInstanceOf(TypeError);
  });
});

describe("offlineFallback", () => {
  const key = ["/api/tasks"] as const;

  it("offline, answers a failed early read with the restored data", async () => {
    network(false);
    const client = new QueryClient();
    client.setQueryData(key, [{ id: 1 }]);
    expect(await offlineFallback(Promise.reject(new OfflineError()), client, key)).toEqual([{ id: 1 }]);
  });

  it("online, or with nothing restored, the failure stands", async () => {
    network(true);
    const client = new QueryClient();
    client.setQueryData(key, [{ id: 1 }]);
    await expect(offlineFallback(Promise.reject(new Error("500")), client, key)).rejects.toThrow("500");
    network(false);
    await expect(offlineFallback(Promise.reject(new OfflineError()), new QueryClient(), key)).rejects.toThrow();
  });

  it("passes a successful read through", async () => {
    network(false);
    expect(await offlineFallback(Promise.resolve([{ id: 2 }]), new QueryClient(), key)).toEqual([{ id: 2 }]);
  });
});

describe("lastAnswers", () => {
  const query = (hash: string, state: Record<string, unknown>) => ({
    dehydratedAt: 1,
    queryHash: hash,
    queryKey: [hash],
    state: { dataUpdatedAt: 1, errorUpdatedAt: 0, fetchFailureCount: 0, fetchStatus: "idle", ...state } as never,
  });

  it("keeps a read that failed after an answer as that answer, and the others as they are", () => {
    const failed = query("tasks", { data: [{ id: 1 }], status: "error", error: new TypeError("Failed to fetch") });
    const fine = query("user", { data: { id: "u" }, status: "success", error: null });
    const kept = lastAnswers({ timestamp: 1, buster: "t", clientState: { mutations: [], queries: [failed, fine] } });
    const [tasks, user] = kept.clientState.queries;
    expect(tasks?.state).toMatchObject({ data: [{ id: 1 }], status: "success", error: null });
    expect(user).toEqual(fine);
    expect(kept.buster).toBe("t");
  });
});
