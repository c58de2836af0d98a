// Who signs in at the mock identity provider (mock-oidc-provider.ts): what the provider reads from
// `mock_identity` and what the sign-in tests send it. Its own file, with no imports, because the
// provider runs in Node and the tests in workerd (two TypeScript projects).

export type MockIdentity = {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  /** Put only `sub` in the ID token; the other claims come from the UserInfo endpoint. */
  userinfoOnly?: boolean;
  /** The person declines: the provider answers error=access_denied. */
  deny?: boolean;
};
