import { setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { textIn, wordsAsText } from "../../shared/words";

// A message carried as a string (a zod issue's) is said in the shown language
// (docs/decisions/397-the-server-speaks-the-person-s-language.md).
describe("words carried as text", () => {
  const max = 254;
  const descriptor = msg`At most ${max} characters.`;
  const german = setupI18n({
    locale: "de",
    messages: { de: { [descriptor.id]: ["Höchstens ", ["max"], " Zeichen."] } },
  });

  it("is said in the language of whoever shows it, with its values", () => {
    const text = wordsAsText(descriptor);
    expect(textIn(german, text)).toBe("Höchstens 254 Zeichen.");
  });

  it("leaves a plain text as it is", () => {
    expect(textIn(german, "Invalid input")).toBe("Invalid input");
  });
});
