import { i18n, type Messages } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { OIDC_ERROR_MESSAGES, usernameSchema } from "../../shared/schemas/auth";
import { textOfIssue } from "../../web/api/field-errors";
import { readOidcReturn } from "../../web/features/auth/oidc-return";

/** The web app's German "common" catalog, compiled by the Lingui plugin as the app loads it. */
const [german] = Object.values(
  import.meta.glob<{ messages: Messages }>("../../web/locales/de/common.po", { eager: true }),
);

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl_-";

describe("readOidcReturn", () => {
  it("reads the token the callback put in the fragment", () => {
    expect(readOidcReturn(`#token=${TOKEN}`)).toEqual({ kind: "token", token: TOKEN });
    expect(readOidcReturn(`token=${TOKEN}`)).toEqual({ kind: "token", token: TOKEN });
  });

  it("maps each known error code to its message", () => {
    for (const [code, message] of Object.entries(OIDC_ERROR_MESSAGES)) {
      expect(readOidcReturn(`#error=${code}`)).toEqual({ kind: "error", message: i18n._(message) });
    }
  });

  it("shows a generic message for an unknown code, never the text from the link", () => {
    const result = readOidcReturn("#error=Call%20this%20number%20to%20unlock%20your%20account");
    expect(result?.kind).toBe("error");
    expect(result?.kind === "error" && result.message).not.toMatch(/number/);
    expect(readOidcReturn("#error=toString")).toEqual(readOidcReturn("#error=nope"));
  });

  it("ignores other fragments and malformed tokens", () => {
    expect(readOidcReturn("")).toBeNull();
    expect(readOidcReturn("#main")).toBeNull();
    expect(readOidcReturn("#token=not-a-jwt")).toBeNull();
    expect(readOidcReturn("#token=a.b.c<script>")).toBeNull();
  });

  describe("in the shown language", () => {
    afterEach(() => i18n.activate("en"));

    it("says the error and a form's own check in it (docs/decisions/397-the-server-speaks-the-person-s-language.md)", () => {
      i18n.loadAndActivate({ locale: "de", messages: german?.messages ?? {} });
      expect(readOidcReturn("#error=cancelled")).toEqual({
        kind: "error",
        message: "Die Anmeldung wurde bei deinem Identitätsanbieter abgebrochen.",
      });
      const issue = usernameSchema.safeParse("ab").error?.issues[0]?.message;
      expect(textOfIssue(issue)).toBe("Der Benutzername muss mindestens 3 Zeichen lang sein.");
    });
  });
});
