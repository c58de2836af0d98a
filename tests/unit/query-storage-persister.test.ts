import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryStoragePersister } from "../../web/api/query-storage-persister";

const KEY = "cache";

/** localStorage's interface over a Map; `refuse` makes every write throw, as a full storage does. */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage = {
    refuse: false,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (storage.refuse) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
  return storage;
}

function client(queries: Record<string, unknown>): PersistedClient {
  return {
    timestamp: 1,
    buster: "",
    clientState: {
      mutations: [],
      queries: Object.entries(queries).map(([hash, data]) => ({
        dehydratedAt: 1,
        queryHash: hash,
        queryKey: [hash],
        state: { data } as never,
      })),
    },
  };
}

const saved = (storage: Storage) => JSON.parse(storage.getItem(KEY) ?? "null") as PersistedClient | null;
const savedData = (storage: Storage) =>
  Object.fromEntries(saved(storage)?.clientState.queries.map((q) => [q.queryHash, q.state.data]) ?? []);

describe("the query storage persister", () => {
  let storage: ReturnType<typeof memoryStorage>;
  let token: string | null;
  const make = () => createQueryStoragePersister({ storage, key: KEY, throttleMs: 500, session: () => token });

  beforeEach(() => {
    vi.useFakeTimers();
    storage = memoryStorage();
    token = "token-a";
  });
  afterEach(() => vi.useRealTimers());

  it("saves a burst of changes once, the last of them, after the wait", () => {
    const persister = make();
    persister.persistClient(client({ tasks: [1] }));
    persister.persistClient(client({ tasks: [1, 2] }));
    expect(saved(storage)).toBeNull();
    vi.advanceTimersByTime(500);
    expect(savedData(storage)).toEqual({ tasks: [1, 2] });
    expect(saved(storage)?.buster).toBe("token-a");
  });

  it("flush writes the waiting save at once, and the timer then has nothing left to write", () => {
    const persister = make();
    persister.persistClient(client({ tasks: [1] }));
    persister.flush();
    expect(savedData(storage)).toEqual({ tasks: [1] });
    storage.removeItem(KEY);
    vi.advanceTimersByTime(500);
    expect(saved(storage)).toBeNull();
  });

  it("merges into what the same session stored, and replaces what another session stored", () => {
    const persister = make();
    persister.persistClient(client({ user: "ann", timer: "idle" }));
    persister.flush();
    persister.persistClient(client({ user: "ann", tasks: [3] }));
    persister.flush();
    expect(savedData(storage)).toEqual({ user: "ann", timer: "idle", tasks: [3] });

    token = "token-b";
    persister.persistClient(client({ user: "bob" }));
    persister.flush();
    expect(savedData(storage)).toEqual({ user: "bob" });
    expect(saved(storage)?.buster).toBe("token-b");
  });

  it("signed out by the time it writes, writes nothing", () => {
    const persister = make();
    persister.persistClient(client({ user: "ann" }));
    token = null;
    persister.flush();
    vi.advanceTimersByTime(500);
    expect(saved(storage)).toBeNull();
  });

  it("restores what was saved; removing it also drops a waiting save", () => {
    const persister = make();
    persister.persistClient(client({ user: "ann" }));
    persister.flush();
    expect(persister.restoreClient()).toEqual(saved(storage));
    persister.persistClient(client({ user: "ann", tasks: [1] }));
    persister.removeClient();
    persister.flush();
    expect(saved(storage)).toBeNull();
    expect(persister.restoreClient()).toBeUndefined();
  });

  it("a storage that refuses the write, or holds something unreadable, throws nothing", () => {
    const persister = make();
    storage.refuse = true;
    persister.persistClient(client({ user: "ann" }));
    expect(() => persister.flush()).not.toThrow();
    storage.refuse = false;
    storage.setItem(KEY, "{not json");
    expect(persister.restoreClient()).toBeUndefined();
    persister.persistClient(client({ user: "ann" }));
    persister.flush();
    expect(savedData(storage)).toEqual({ user: "ann" });
  });
});
