import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { SESSION_END_REASONS, SESSION_END_TEXT } from "../../shared/live-protocol";
import { SESSION_END_WORDS } from "../../web/features/auth/session-end-words";

describe("SESSION_END_WORDS", () => {
  it("says in English what the server's 401 says, for every reason", () => {
    for (const reason of SESSION_END_REASONS) expect(i18n._(SESSION_END_WORDS[reason])).toBe(SESSION_END_TEXT[reason]);
  });
});
