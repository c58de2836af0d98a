import * as oauth from "oauth4webapi";
import type { Bindings } from "../env";
import { isLoopbackUrl, type OidcProfile, profileFromClaims } from "./oidc-claims";
import type { OidcTransaction } from "./oidc-transaction";

export const OIDC_SCOPE = "openid email profile";
export const OIDC_CALLBACK_PATH = "/api/auth/oidc/callback";

/** A sign-in that cannot go on; `reason` picks the message the login page shows. */
export class OidcFailure extends Error {
  constructor(
    readonly reason: "cancelled" | "state" | "provider" | "unavailable" | "conflict" | "throttled" | "deleted",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OidcFailure";
  }
}

export type OidcProvider = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  /** Options for every request to the provider: plain http is allowed for a loopback issuer only. */
  http: { [oauth.allowInsecureRequests]?: boolean };
};

/** The hosted identity provider is used only when all three settings are present (docs/decisions/014-hosted-identity-provider-when-configured.md). */
export function oidcConfigured(env: Bindings): boolean {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Provider metadata per issuer, kept for the life of the isolate so each sign-in costs no extra round trip. */
const discovered = new Map<string, { as: oauth.AuthorizationServer; at: number }>();

async function discover(issuer: URL, http: OidcProvider["http"], now: number): Promise<oauth.AuthorizationServer> {
  const cached = discovered.get(issuer.href);
  if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.as;
  try {
    const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...http });
    const as = await oauth.processDiscoveryResponse(issuer, response);
    discovered.set(issuer.href, { as, at: now });
    return as;
  } catch (err) {
    throw new OidcFailure("unavailable", `Discovery of ${issuer.href} failed`, { cause: err });
  }
}

/** client_secret_basic is the default of the spec; a provider that lists only client_secret_post gets that. */
function clientAuthentication(as: oauth.AuthorizationServer, secret: string): oauth.ClientAuth {
  const methods = as.token_endpoint_auth_methods_supported;
  if (methods?.includes("client_secret_post") && !methods.includes("client_secret_basic")) {
    return oauth.ClientSecretPost(secret);
  }
  return oauth.ClientSecretBasic(secret);
}

export async function oidcProvider(env: Bindings, now = Date.now()): Promise<OidcProvider> {
  if (!oidcConfigured(env)) throw new OidcFailure("unavailable", "OIDC is not configured");
  let issuer: URL;
  try {
    issuer = new URL(env.OIDC_ISSUER);
  } catch (err) {
    throw new OidcFailure("unavailable", "OIDC_ISSUER is not a URL", { cause: err });
  }
  const http = isLoopbackUrl(issuer) ? { [oauth.allowInsecureRequests]: true } : {};
  const as = await discover(issuer, http, now);
  return {
    as,
    client: { client_id: env.OIDC_CLIENT_ID },
    clientAuth: clientAuthentication(as, env.OIDC_CLIENT_SECRET),
    http,
  };
}

/** The provider's authorization endpoint with our request (code flow, PKCE S256, state, nonce). */
export async function authorizationUrl(
  provider: OidcProvider,
  redirectUri: string,
  tx: Pick<OidcTransaction, "state" | "nonce" | "codeVerifier">,
): Promise<URL> {
  const endpoint = provider.as.authorization_endpoint;
  if (!endpoint) throw new OidcFailure("unavailable", "The provider has no authorization endpoint");
  const url = new URL(endpoint);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackUrl(url))) {
    throw new OidcFailure("unavailable", "The authorization endpoint is not https");
  }
  url.searchParams.set("client_id", provider.client.client_id);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", OIDC_SCOPE);
  url.searchParams.set("state", tx.state);
  url.searchParams.set("nonce", tx.nonce);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(tx.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return url;
}

/**
 * The second leg: checks state (and the provider's error answer), redeems the code with the PKCE
 * verifier and the client secret, validates the ID token (issuer, audience, expiry, nonce) and
 * returns who signed in.
 */
export async function finishAuthorization(
  provider: OidcProvider,
  callbackUrl: URL,
  redirectUri: string,
  tx: OidcTransaction,
): Promise<OidcProfile> {
  const { as, client, clientAuth, http } = provider;
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callbackUrl, tx.state);
  } catch (err) {
    if (err instanceof oauth.AuthorizationResponseError) {
      // access_denied: the person declined (or the provider refused them).
      const reason = err.error === "access_denied" ? "cancelled" : "provider";
      throw new OidcFailure(reason, `The provider answered ${err.error}`, { cause: err });
    }
    throw new OidcFailure("state", "The authorization response does not match this attempt", { cause: err });
  }

  let result: oauth.TokenEndpointResponse;
  let idClaims: oauth.IDToken;
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      redirectUri,
      tx.codeVerifier,
      http,
    );
    result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: tx.nonce,
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(result);
    if (!claims) throw new Error("No ID token");
    idClaims = claims;
  } catch (err) {
    throw new OidcFailure("provider", "The code exchange or the ID token was refused", { cause: err });
  }

  // Providers that keep the ID token lean answer the email and names from UserInfo instead.
  let userInfo: Record<string, unknown> = {};
  if (idClaims.email === undefined && as.userinfo_endpoint) {
    try {
      const response = await oauth.userInfoRequest(as, client, result.access_token, http);
      userInfo = { ...(await oauth.processUserInfoResponse(as, client, idClaims.sub, response)) };
    } catch (err) {
      // Signing in still works without the extra claims; the account just has no email yet.
      console.warn("oidc userinfo failed", err instanceof Error ? err.message : err);
    }
  }
  return profileFromClaims(idClaims.iss, idClaims, userInfo);
}
