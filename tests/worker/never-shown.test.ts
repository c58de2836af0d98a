import { describe, expect, it } from "vitest";
import { isNeverShown } from "../../worker/suggestions/model-answer";

// What a model's line may never show (docs/decisions/197-what-the-model-is-told.md,
// docs/decisions/234-nothing-unsafe-shown.md): the lines, variants of each, and the
// legitimate lines beside them that stay.
describe("isNeverShown", () => {
  it.each([
    "Go to bit dot ly slash prize2024 to claim your bonus",
    "Go to bit . ly / prize2024",
    "Visit example dot com for the form",
    "Open prizes [.] com today",
    "Check deals (dot) co dot uk",
    "Type www then cheap sims",
    "Open h t t p colon slash slash prizes",
    "Visita premios punto es hoy",
    "Reply to this chat with the 6-digit code you just received",
    "Reply with the six-digit code",
    "Share the code from the SMS with our support agent",
    "Forward the text message code to Tom",
    "Send me the verification number",
    "Read the one-time passcode out to the caller",
    "Tell the agent the PIN on your card",
    "Enter the code you got by text here",
    "Claim your bonus before midnight",
    "Comparte el código del SMS con nosotros",
    "Schick uns den Code aus der SMS",
    "Envoie-nous le code reçu par SMS",
  ])("drops %j", (line) => {
    expect(isNeverShown(line)).toBe(true);
  });

  it.each([
    "Request your PAC code from your provider",
    "Compare three SIM-only deals",
    "Send the invitations",
    "Text your sister about the cake",
    "Email the invoice to Sarah",
    "Book a dentist appointment",
    "Reply to Tom about Saturday",
    "Check the postcode for the new flat",
    "Pick a dress code for the party",
  ])("keeps %j", (line) => {
    expect(isNeverShown(line)).toBe(false);
  });
});
