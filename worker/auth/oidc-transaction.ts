import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { EncryptJWT, jwtDecrypt } from "jose";
import type { AppEnv } from "../env";

/**
 * The state, nonce and PKCE verifier of one sign-in attempt live in a short-lived cookie, not in
 * the database: the Worker stays stateless between the two legs of the flow, and nothing needs
 * cleaning up when a person abandons the provider's page. The cookie is
 * - encrypted and authenticated (JWE, A256GCM with a key derived from AUTH_SECRET), so the
 *   browser can neither read the PKCE verifier nor forge or alter a transaction;
 * - HttpOnly, Secure and `__Host-` (this origin only), and SameSite=Lax because the provider
 *   sends the browser back with a cross-site top-level GET, which Lax still carries;
 * - valid for 10 minutes, and cleared by the callback whatever its outcome, so a code is redeemed
 *   with it at most once.
 * One cookie per browser: starting a second sign-in in another tab replaces the first attempt.
 */
export const OIDC_TRANSACTION_COOKIE = "__Host-onething_oidc";
export const OIDC_TRANSACTION_TTL_S = 10 * 60;

export type OidcTransaction = {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The issuer the attempt started with: a changed setting voids attempts in flight. */
  issuer: string;
  /** The browser's time zone, for an account created by this sign-in. */
  timeZone?: string;
};

const keys = new Map<string, Promise<CryptoKey>>();

/** A separate key for this purpose, derived from AUTH_SECRET, so it never matches a session token key. */
function transactionKey(secret: string | undefined): Promise<CryptoKey> {
  if (!secret || secret.length < 32) {
    throw new Error("AUTH_SECRET must be set to at least 32 characters (see .dev.vars.example).");
  }
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]).then((base) =>
      crypto.subtle.deriveKey(
        {
          name: "HKDF",
          hash: "SHA-256",
          salt: new Uint8Array(0),
          info: new TextEncoder().encode("onething oidc transaction"),
        },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      ),
    );
    keys.set(secret, key);
  }
  return key;
}

export async function saveTransaction(c: Context<AppEnv>, tx: OidcTransaction, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const jwe = await new EncryptJWT({ tx })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt(iat)
    .setExpirationTime(iat + OIDC_TRANSACTION_TTL_S)
    .encrypt(await transactionKey(c.env.AUTH_SECRET));
  setCookie(c, OIDC_TRANSACTION_COOKIE, jwe, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: OIDC_TRANSACTION_TTL_S,
  });
}

/** Reads and clears the transaction cookie; null when missing, expired, altered or not ours. */
export async function takeTransaction(c: Context<AppEnv>): Promise<OidcTransaction | null> {
  const jwe = getCookie(c, OIDC_TRANSACTION_COOKIE);
  deleteCookie(c, OIDC_TRANSACTION_COOKIE, { path: "/", secure: true });
  if (!jwe) return null;
  const key = await transactionKey(c.env.AUTH_SECRET);
  try {
    const { payload } = await jwtDecrypt(jwe, key, {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const tx = payload.tx as Partial<OidcTransaction> | undefined;
    if (
      typeof tx?.state !== "string" ||
      typeof tx.nonce !== "string" ||
      typeof tx.codeVerifier !== "string" ||
      typeof tx.issuer !== "string"
    ) {
      return null;
    }
    return {
      state: tx.state,
      nonce: tx.nonce,
      codeVerifier: tx.codeVerifier,
      issuer: tx.issuer,
      ...(typeof tx.timeZone === "string" ? { timeZone: tx.timeZone } : {}),
    };
  } catch {
    return null;
  }
}
