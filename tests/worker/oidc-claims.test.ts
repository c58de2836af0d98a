import { describe, expect, it } from "vitest";
import { isLoopbackUrl, profileFromClaims } from "../../worker/auth/oidc-claims";

const ISSUER = "https://id.example.com";

describe("profileFromClaims", () => {
  it("keeps the standard claims, with the email lower-cased", () => {
    expect(
      profileFromClaims(ISSUER, {
        sub: "abc",
        email: " Grace@Example.COM ",
        email_verified: true,
        given_name: "Grace",
        family_name: "Hopper",
        picture: "https://img.example.com/g.png",
      }),
    ).toEqual({
      issuer: ISSUER,
      subject: "abc",
      email: "grace@example.com",
      emailVerified: true,
      firstName: "Grace",
      lastName: "Hopper",
      profileImageUrl: "https://img.example.com/g.png",
    });
  });

  it('counts an email as verified only when the provider says so (true or "true")', () => {
    expect(profileFromClaims(ISSUER, { sub: "a", email: "a@b.co" }).emailVerified).toBe(false);
    expect(profileFromClaims(ISSUER, { sub: "a", email: "a@b.co", email_verified: false }).emailVerified).toBe(false);
    expect(profileFromClaims(ISSUER, { sub: "a", email: "a@b.co", email_verified: "yes" }).emailVerified).toBe(false);
    expect(profileFromClaims(ISSUER, { sub: "a", email: "a@b.co", email_verified: "true" }).emailVerified).toBe(true);
    expect(profileFromClaims(ISSUER, { sub: "a", email: "not an email", email_verified: true })).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });

  it("fills from UserInfo what the ID token leaves out, and the ID token wins on conflicts", () => {
    const profile = profileFromClaims(
      ISSUER,
      { sub: "a", given_name: "FromIdToken" },
      { sub: "a", given_name: "FromUserInfo", family_name: "Info", email: "i@example.com", email_verified: true },
    );
    expect(profile).toMatchObject({ firstName: "FromIdToken", lastName: "Info", email: "i@example.com" });
    expect(profile.emailVerified).toBe(true);
  });

  it("drops pictures that are not https, and empty or overlong names", () => {
    const profile = profileFromClaims(ISSUER, {
      sub: "a",
      picture: "javascript:alert(1)",
      given_name: "   ",
      family_name: "x".repeat(500),
    });
    expect(profile.profileImageUrl).toBeNull();
    expect(profile.firstName).toBeNull();
    expect(profile.lastName).toHaveLength(100);
    expect(profileFromClaims(ISSUER, { sub: "a", picture: "http://img.example.com/a.png" }).profileImageUrl).toBeNull();
  });

  it("refuses claims without a subject", () => {
    expect(() => profileFromClaims(ISSUER, { email: "a@b.co" })).toThrow(/subject/);
  });
});

describe("isLoopbackUrl", () => {
  it.each([
    ["http://127.0.0.1:8080", true],
    ["http://127.1.2.3", true],
    ["http://localhost:3000/realms/x", true],
    ["http://[::1]:9000", true],
    ["https://id.example.com", false],
    ["http://127.0.0.1.example.com", false],
    ["http://localhost.example.com", false],
    ["http://10.0.0.1", false],
  ])("%s → %s", (url, expected) => {
    expect(isLoopbackUrl(new URL(url))).toBe(expected);
  });
});
