// Vitest globalSetup (runs in Node, not in workerd): a real OpenID provider on loopback for the
// sign-in tests. Its issuer URL reaches the Worker as the OIDC_ISSUER binding (vitest.config.ts).
//
// The provider signs everyone in without a login page. A test picks who signs in the way a person
// would pick an account on the provider's page: it adds `mock_identity` (base64url JSON of
// MockIdentity) to the authorization URL before following it.
import type { IncomingMessage } from "node:http";
import { Events, OAuth2Server } from "oauth2-mock-server";
import type { TestProject } from "vitest/node";
import type { MockIdentity } from "./mock-oidc-identity";

declare module "vitest" {
  interface ProvidedContext {
    oidcIssuer: string;
  }
}

function queryOf(req: IncomingMessage): URLSearchParams {
  return new URL(req.url ?? "/", "http://mock").searchParams;
}

export default async function setup(project: TestProject) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const identities = new Map<string, MockIdentity>();

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect, req) => {
    const raw = queryOf(req).get("mock_identity");
    if (!raw) return;
    const identity = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as MockIdentity;
    if (identity.deny) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      redirect.url.searchParams.set("error_description", "The user declined.");
      return;
    }
    const code = redirect.url.searchParams.get("code");
    if (code) identities.set(code, identity);
  });

  // Both tokens of one code exchange carry the chosen identity; the access token carries all of
  // it so that UserInfo can answer from it.
  server.service.on(Events.BeforeTokenSigning, (token, req) => {
    const code = (req.body as { code?: unknown } | undefined)?.code;
    const identity = typeof code === "string" ? identities.get(code) : undefined;
    if (!identity) return;
    const { userinfoOnly, deny: _deny, ...claims } = identity;
    const isAccessToken = "scope" in token.payload;
    Object.assign(token.payload, isAccessToken || !userinfoOnly ? claims : { sub: claims.sub });
  });

  server.service.on(Events.BeforeUserinfo, (userInfo, req) => {
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const payload = bearer?.split(".")[1];
    if (!payload) return;
    const { sub, email, email_verified, given_name, family_name, picture } = JSON.parse(
      Buffer.from(payload, "base64url").toString("utf8"),
    ) as MockIdentity;
    userInfo.body = { sub, email, email_verified, given_name, family_name, picture };
  });

  await server.start(0, "127.0.0.1");
  // Named by address rather than "localhost", so every client reaches the socket it listens on.
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  project.provide("oidcIssuer", issuer);
  return async () => {
    await server.stop();
  };
}
