import { jwtVerify, SignJWT } from "jose";
import { DIRECTORY_HOME } from "../db/person-db";

const ISSUER = "onething";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function key(secret: string | undefined): Uint8Array {
  if (!secret || secret.length < 32) {
    throw new Error("AUTH_SECRET must be set to at least 32 characters (see .dev.vars.example).");
  }
  return new TextEncoder().encode(secret);
}

/** A sign-in session, a live-channel ticket, or a browser's device cookie (./device-cookies.ts). */
export type TokenPurpose = "session" | "live" | "device";

/** A JWT naming the user and their session row; the row is what makes revocation real. */
export async function signToken(
  secret: string | undefined,
  claims: { userId: string; sessionId: string; home?: number },
  purpose: TokenPurpose,
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  return (
    // `hom`: the person's home database, so a request finds it with no read (docs/decisions/270-person-databases.md).
    new SignJWT({ sid: claims.sessionId, pur: purpose, hom: claims.home ?? DIRECTORY_HOME })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(purpose)
      .setIssuedAt(Math.floor(now / 1000))
      // Lets a live ticket be redeemed once (SignInRecords.redeemTicket).
      .setJti(crypto.randomUUID())
      .setExpirationTime(Math.floor((now + ttlMs) / 1000))
      .sign(key(secret))
  );
}

export type TokenClaims = {
  userId: string;
  sessionId: string;
  /** The person database of the person's rows; tokens signed before homes existed name database 0. */
  home: number;
  /** The token's own id (`jti`); tokens signed before it existed have none. */
  tokenId: string | null;
  /** When it was signed (ms, to the second). */
  issuedAt: number;
  expiresAt: number;
};

/** Returns the claims of a valid token for that purpose, or null for anything else (also no `exp`). */
export async function verifyToken(
  secret: string | undefined,
  token: string,
  purpose: TokenPurpose,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: purpose,
      // jose checks `exp` only when present: a token that never expires is not one we sign.
      requiredClaims: ["exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || payload.pur !== purpose) return null;
    if (typeof payload.exp !== "number") return null;
    const home = payload.hom === undefined ? DIRECTORY_HOME : payload.hom;
    if (typeof home !== "number" || !Number.isInteger(home) || home < 0) return null;
    return {
      userId: payload.sub,
      sessionId: payload.sid,
      home,
      tokenId: typeof payload.jti === "string" ? payload.jti : null,
      issuedAt: typeof payload.iat === "number" ? payload.iat * 1000 : 0,
      expiresAt: payload.exp * 1000,
    };
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("AUTH_SECRET")) throw err;
    return null;
  }
}
