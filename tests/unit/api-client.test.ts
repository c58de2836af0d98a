import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, apiRequest, getQueryFn } from "../../web/api/client";

type Call = { url: string; init: RequestInit };

function stubFetch(response: Response) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response.clone();
  });
  return calls;
}

function stubStorage(token: string | null) {
  const store = new Map<string, string>(token ? [["auth_token", token]] : []);
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends the bearer token and cookies, and JSON bodies", async () => {
    stubStorage("tok");
    const calls = stubFetch(Response.json({ ok: true }));
    expect(await apiRequest("POST", "/api/tasks", { title: "x" })).toEqual({ ok: true });
    const { init } = calls[0] as Call;
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer tok");
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"title":"x"}');
  });

  it.each(["/api/auth/login", "/api/auth/register"])("sends no token to %s", async (path) => {
    stubStorage("tok");
    const calls = stubFetch(Response.json({}));
    await apiRequest("POST", path, {});
    expect(new Headers((calls[0] as Call).init.headers).has("Authorization")).toBe(false);
  });

  it("reads a 204 and a non-JSON body as an empty object", async () => {
    stubStorage(null);
    stubFetch(new Response(null, { status: 204 }));
    expect(await apiRequest("DELETE", "/api/tasks/1")).toEqual({});
    stubFetch(new Response("plain text", { status: 200 }));
    expect(await apiRequest("GET", "/api/x")).toEqual({});
  });

  it("turns a non-OK answer into 'status: text' and exposes the server message", async () => {
    stubStorage(null);
    stubFetch(Response.json({ message: "Title is required." }, { status: 400 }));
    const err = await apiRequest("POST", "/api/tasks", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).message).toBe('400: {"message":"Title is required."}');
    expect((err as ApiRequestError).serverMessage).toBe("Title is required.");
    expect((err as ApiRequestError).status).toBe(400);
  });

  it("keeps the D1 bookmark of each answer and sends it with the next request, errors included", async () => {
    stubStorage("tok");
    let calls = stubFetch(Response.json({}, { headers: { "x-d1-bookmark": "0000000a-00000001-4e37" } }));
    await apiRequest("POST", "/api/tasks", { title: "x" });
    expect(new Headers((calls[0] as Call).init.headers).has("x-d1-bookmark")).toBe(false);
    calls = stubFetch(
      Response.json(
        { message: "Task not found." },
        { status: 404, headers: { "x-d1-bookmark": "0000000b-00000001-4e38" } },
      ),
    );
    await apiRequest("GET", "/api/tasks").catch(() => {});
    expect(new Headers((calls[0] as Call).init.headers).get("x-d1-bookmark")).toBe("0000000a-00000001-4e37");
    calls = stubFetch(Response.json([]));
    await apiRequest("GET", "/api/tasks");
    expect(new Headers((calls[0] as Call).init.headers).get("x-d1-bookmark")).toBe("0000000b-00000001-4e38");
    // An answer without one (a proxy's error page) keeps the last.
    calls = stubFetch(Response.json([]));
    await apiRequest("GET", "/api/tasks");
    expect(new Headers((calls[0] as Call).init.headers).get("x-d1-bookmark")).toBe("0000000b-00000001-4e38");
  });

  it("uses the status text when the error body is empty", async () => {
    stubStorage(null);
    stubFetch(new Response("", { status: 502, statusText: "Bad Gateway" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("502: Bad Gateway");
  });
});

describe("getQueryFn", () => {
  it("GETs the first element of the query key", async () => {
    stubStorage(null);
    const calls = stubFetch(Response.json([1, 2]));
    expect(await getQueryFn({ on401: "throw" })({ queryKey: ["/api/tasks", "extra"] })).toEqual([1, 2]);
    expect((calls[0] as Call).url).toBe("/api/tasks");
  });

  it("gives null on a 401 when asked to, and throws otherwise", async () => {
    stubStorage(null);
    stubFetch(Response.json({ message: "You need to sign in." }, { status: 401 }));
    expect(await getQueryFn({ on401: "returnNull" })({ queryKey: ["/api/auth/user"] })).toBeNull();
    await expect(getQueryFn({ on401: "throw" })({ queryKey: ["/api/auth/user"] })).rejects.toThrow(/^401: /);
  });
});
