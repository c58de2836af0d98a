import { generateLocalSuggestions } from "./local-generator";
import type { SuggestionProvider } from "./provider";

/** The embedded generator: no model, no network, no account anywhere (AI_PROVIDER=local, and the fallback). */
export const localProvider: SuggestionProvider = {
  name: "local",
  // Generous on count: the service drops titles the person already has, then caps the list.
  suggest: async ({ prompt }) => generateLocalSuggestions(prompt, 32),
};
