// Sign-in with a hosted identity provider, end to end against a real OpenID provider on loopback
// (tests/worker/mock-oidc-provider.ts): the Worker discovers it, redirects to it, redeems the code
// over HTTP and validates the signed ID token.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { failWhen, sqlText } from "./db-fingerprint";
import { deleteAccount, expectNothingLeft } from "./deletion-helpers";
import { api, ORIGIN, PASSWORD, registerUser } from "./helpers";
import { registerFrom } from "./homes";
import type { MockIdentity } from "./mock-oidc-identity";

/** Who signs in at the provider; extra keys become ID token claims. */
type Identity = MockIdentity & { [claim: string]: unknown };

type PublicUser = {
  id: string;
  username: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  timeZone: string;
};

const TX_COOKIE = "__Host-onething_oidc";
const SESSION_COOKIE = "__Host-onething_session";

function uniqueSub() {
  return `sub-${crypto.randomUUID()}`;
}

/** The `name=value` pair a response sets for that cookie, or undefined. */
function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

function cookiePair(res: Response, name: string): string {
  const line = setCookie(res, name);
  if (!line) throw new Error(`no ${name} cookie in ${res.headers.getSetCookie().join(" | ")}`);
  return line.split(";")[0] as string;
}

/** GET /api/login as a browser would: where it is sent, and the transaction cookie it got. */
async function startLogin(query = "") {
  const res = await api(`/api/login${query}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  return { res, authorize: new URL(res.headers.get("Location") ?? ""), txCookie: cookiePair(res, TX_COOKIE) };
}

/** The person signs in at the provider as `identity`; answers the callback URL it sends them to. */
async function signInAtProvider(authorize: URL, identity: Identity): Promise<URL> {
  const url = new URL(authorize);
  url.searchParams.set("mock_identity", btoa(JSON.stringify(identity)).replace(/=+$/, ""));
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("Location") ?? "");
}

function callback(url: URL, txCookie?: string) {
  return api(`${url.pathname}${url.search}`, {
    redirect: "manual",
    headers: txCookie ? { Cookie: txCookie } : {},
  });
}

/** Where the callback sent the browser: the app's /login with a token or an error in the fragment. */
function landing(res: Response) {
  expect(res.status).toBe(302);
  const location = res.headers.get("Location") ?? "";
  const url = new URL(location, ORIGIN);
  expect(url.origin).toBe(ORIGIN);
  expect(url.pathname).toBe("/login");
  expect(url.search).toBe("");
  const fragment = new URLSearchParams(url.hash.slice(1));
  return { token: fragment.get("token"), error: fragment.get("error") };
}

/** The whole round trip for one identity; answers the callback's response and what it carried. */
async function signInWithProvider(identity: Identity, query = "") {
  const { authorize, txCookie } = await startLogin(query);
  const back = await signInAtProvider(authorize, identity);
  const res = await callback(back, txCookie);
  return { res, ...landing(res) };
}

async function currentUser(token: string): Promise<PublicUser> {
  const me = await api("/api/auth/user", { token });
  expect(me.status).toBe(200);
  return (await me.json()) as PublicUser;
}

async function usersWithSubject(sub: string) {
  const { results } = await env.DB.prepare(
    "select id, username, email, oidc_issuer, oidc_subject from users where oidc_subject = ?",
  )
    .bind(sub)
    .all<{ id: string; username: string | null; email: string | null; oidc_issuer: string; oidc_subject: string }>();
  return results;
}

describe("GET /api/login with an identity provider", () => {
  it("redirects to the provider's authorization endpoint with PKCE, state and nonce", async () => {
    const { res, authorize } = await startLogin();
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${env.OIDC_ISSUER}/authorize`);
    const params = authorize.searchParams;
    expect(params.get("client_id")).toBe(env.OIDC_CLIENT_ID);
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/oidc/callback`);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")?.length).toBeGreaterThanOrEqual(32);
    expect(params.get("nonce")?.length).toBeGreaterThanOrEqual(32);
    const cookie = setCookie(res, TX_COOKIE) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    // Encrypted: neither the state nor the nonce can be read from it.
    expect(cookie).not.toContain(params.get("state"));
    expect(cookie).not.toContain(params.get("nonce"));
  });

  it("uses a fresh state, nonce and verifier for every attempt", async () => {
    const first = await startLogin();
    const second = await startLogin();
    for (const name of ["state", "nonce", "code_challenge"]) {
      expect(first.authorize.searchParams.get(name)).not.toBe(second.authorize.searchParams.get(name));
    }
  });

  it("answers GET /api/auth/providers with oidc: true", async () => {
    const res = await api("/api/auth/providers");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ oidc: true });
  });
});

describe("the callback", () => {
  it("creates a new user on a first sign-in and signs them in like a password login", async () => {
    const sub = uniqueSub();
    const { res, token, error } = await signInWithProvider({
      sub,
      email: `${sub}@Example.com`,
      email_verified: true,
      given_name: "Grace",
      family_name: "Hopper",
      picture: "https://images.example.com/grace.png",
    });
    expect(error).toBeNull();
    expect(token?.split(".")).toHaveLength(3);
    // The token is only in the fragment, never in a path or query that servers log.
    expect(res.headers.get("Location")).toMatch(/^\/login#token=/);
    expect(setCookie(res, SESSION_COOKIE)).toMatch(/HttpOnly.*Secure.*SameSite=Lax/i);
    expect(setCookie(res, TX_COOKIE)).toMatch(new RegExp(`^${TX_COOKIE}=;`));

    const user = await currentUser(token as string);
    expect(user).toMatchObject({
      username: null,
      email: `${sub}@example.com`,
      firstName: "Grace",
      lastName: "Hopper",
      profileImageUrl: "https://images.example.com/grace.png",
      timeZone: "UTC",
    });
    const rows = await usersWithSubject(sub);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: user.id, oidc_issuer: env.OIDC_ISSUER, oidc_subject: sub });
    const session = await env.DB.prepare("select sess from sessions where user_id = ?")
      .bind(user.id)
      .first<{ sess: string }>();
    expect(JSON.parse(session?.sess ?? "{}")).toMatchObject({ method: "oidc" });

    // The session cookie alone works too, and logging out revokes the session.
    const cookie = cookiePair(res, SESSION_COOKIE);
    expect((await api("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await api("/api/auth/logout", { method: "POST", token: token as string })).status).toBe(204);
    expect((await api("/api/auth/user", { token: token as string })).status).toBe(401);
  });

  it("signs the same person into the same account the next time", async () => {
    const sub = uniqueSub();
    const first = await signInWithProvider({ sub, email: `${sub}@example.com`, email_verified: true });
    const second = await signInWithProvider({ sub, email: `${sub}@example.com`, email_verified: true });
    expect(second.token).not.toBe(first.token);
    const a = await currentUser(first.token as string);
    const b = await currentUser(second.token as string);
    expect(b.id).toBe(a.id);
    expect(await usersWithSubject(sub)).toHaveLength(1);
  });

  it("links an existing account with the same verified email and keeps its password login", async () => {
    const { user } = await registerUser();
    const sub = uniqueSub();
    const { token } = await signInWithProvider({
      sub,
      email: user.email.toUpperCase(),
      email_verified: true,
      given_name: "Ada",
    });
    const me = await currentUser(token as string);
    expect(me).toMatchObject({ id: user.id, username: user.username, email: user.email, firstName: "Ada" });
    expect(await usersWithSubject(sub)).toEqual([
      expect.objectContaining({ id: user.id, oidc_issuer: env.OIDC_ISSUER, oidc_subject: sub }),
    ]);
    const login = await api("/api/auth/login", {
      method: "POST",
      json: { login: user.username, password: PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it("never links by an unverified email: it creates a separate account without that email", async () => {
    const { user } = await registerUser();
    const sub = uniqueSub();
    const { token } = await signInWithProvider({ sub, email: user.email, email_verified: false });
    const me = await currentUser(token as string);
    expect(me.id).not.toBe(user.id);
    expect(me.email).toBeNull();
    const original = await env.DB.prepare("select oidc_subject from users where id = ?")
      .bind(user.id)
      .first<{ oidc_subject: string | null }>();
    expect(original?.oidc_subject).toBeNull();
  });

  it("refuses to link an email whose account is already linked to another identity", async () => {
    const sub = uniqueSub();
    const email = `${sub}@example.com`;
    await signInWithProvider({ sub, email, email_verified: true });
    const other = await signInWithProvider({ sub: uniqueSub(), email, email_verified: true });
    expect(other.token).toBeNull();
    expect(other.error).toBe("conflict");
    expect(setCookie(other.res, SESSION_COOKIE)).toBeUndefined();
  });

  it("reads the email and names from UserInfo when the ID token carries only the subject", async () => {
    const sub = uniqueSub();
    const { token } = await signInWithProvider({
      sub,
      email: `${sub}@example.com`,
      email_verified: true,
      given_name: "Lean",
      family_name: "Token",
      userinfoOnly: true,
    });
    expect(await currentUser(token as string)).toMatchObject({
      email: `${sub}@example.com`,
      firstName: "Lean",
      lastName: "Token",
    });
  });

  it("gives a new account the time zone the login page passed", async () => {
    const { token } = await signInWithProvider({ sub: uniqueSub() }, "?timeZone=Europe%2FParis");
    expect((await currentUser(token as string)).timeZone).toBe("Europe/Paris");
    const fallback = await signInWithProvider({ sub: uniqueSub() }, "?timeZone=Not%2FAZone");
    expect((await currentUser(fallback.token as string)).timeZone).toBe("UTC");
  });

  it("drops a picture that is not https", async () => {
    const { token } = await signInWithProvider({ sub: uniqueSub(), picture: "http://insecure.example.com/a.png" });
    expect((await currentUser(token as string)).profileImageUrl).toBeNull();
  });
});

describe("an account whose deletion was cut short between the two databases", () => {
  it("is finished by a sign-in with the identity provider, 20 at once, which signs nobody into it", async () => {
    // A person homed in PERSON_DB_1: their home was cleared, then the directory refused to delete the account.
    const person = await registerFrom("OC");
    const drop = await failWhen("users", "delete", `old.id = ${sqlText(person.user.id)}`);
    try {
      expect((await deleteAccount(person)).status).toBe(500);
    } finally {
      await drop();
    }
    const sub = uniqueSub();
    const landings = await Promise.all(
      Array.from({ length: 20 }, () => signInWithProvider({ sub, email: person.user.email, email_verified: true })),
    );
    // Linked by its verified email, the account is finished ("deleted"); a sign-in after that makes a new one.
    expect(landings.map(({ error }) => error)).toContain("deleted");
    for (const { token, error } of landings) {
      if (error !== null) expect(error).toBe("deleted");
      else expect((await currentUser(token as string)).id).not.toBe(person.user.id);
    }
    await expectNothingLeft(person.user.id);
  });
});

describe("failed sign-ins land on /login with a reason", () => {
  it("refuses a tampered state", async () => {
    const sub = uniqueSub();
    const { authorize, txCookie } = await startLogin();
    const back = await signInAtProvider(authorize, { sub, email: `${sub}@example.com`, email_verified: true });
    back.searchParams.set("state", `${back.searchParams.get("state")}x`);
    const res = await callback(back, txCookie);
    expect(landing(res)).toEqual({ token: null, error: "state" });
    expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
    expect(await usersWithSubject(sub)).toHaveLength(0);
  });

  it("refuses a callback without the transaction cookie (expired, or started elsewhere)", async () => {
    const sub = uniqueSub();
    const { authorize } = await startLogin();
    const back = await signInAtProvider(authorize, { sub });
    expect(landing(await callback(back))).toEqual({ token: null, error: "state" });
    expect(await usersWithSubject(sub)).toHaveLength(0);
  });

  it("refuses a transaction cookie that was altered", async () => {
    const { authorize, txCookie } = await startLogin();
    const back = await signInAtProvider(authorize, { sub: uniqueSub() });
    const [name, value] = txCookie.split("=") as [string, string];
    const altered = `${name}=${value.slice(0, -4)}${value.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    expect(landing(await callback(back, altered))).toEqual({ token: null, error: "state" });
  });

  it("reports a declined consent as cancelled", async () => {
    const { authorize, txCookie } = await startLogin();
    const back = await signInAtProvider(authorize, { sub: uniqueSub(), deny: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(landing(await callback(back, txCookie))).toEqual({ token: null, error: "cancelled" });
  });

  it.each([
    ["a wrong nonce", { nonce: "not-the-nonce-we-sent" }],
    ["another audience", { aud: "some-other-client" }],
    ["another issuer", { iss: "https://impostor.example.com" }],
    ["an expired ID token", { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])("refuses an ID token with %s", async (_label, claims) => {
    const sub = uniqueSub();
    const { token, error } = await signInWithProvider({ sub, ...claims });
    expect({ token, error }).toEqual({ token: null, error: "provider" });
    expect(await usersWithSubject(sub)).toHaveLength(0);
  });

  it("refuses to redeem the same callback twice", async () => {
    const { authorize, txCookie } = await startLogin();
    const back = await signInAtProvider(authorize, { sub: uniqueSub() });
    expect(landing(await callback(back, txCookie)).token).toBeTruthy();
    expect(landing(await callback(back, txCookie))).toEqual({ token: null, error: "provider" });
  });
});

describe("without identity-provider settings", () => {
  // The same app with the three settings blank, as `npm start` runs it out of the box.
  const bare = { ...env, OIDC_ISSUER: "", OIDC_CLIENT_ID: "", OIDC_CLIENT_SECRET: "" };
  const fetchBare = (path: string) =>
    app.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual" }), bare, createExecutionContext());

  it("GET /api/login redirects to /login", async () => {
    const res = await fetchBare("/api/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("GET /api/auth/providers answers oidc: false", async () => {
    const res = await fetchBare("/api/auth/providers");
    expect(await res.json()).toEqual({ oidc: false });
  });

  it("the callback lands on /login as unavailable", async () => {
    const res = await fetchBare("/api/auth/oidc/callback?code=abc&state=def");
    expect(landing(res)).toEqual({ token: null, error: "unavailable" });
  });
});
