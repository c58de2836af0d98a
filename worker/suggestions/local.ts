import { generateLocalAnswer } from "./local-generator";
import type { SuggestionProvider } from "./provider";

/** The embedded generator: no model, no network, no account anywhere (AI_PROVIDER=local, and the fallback). */
export const localProvider: SuggestionProvider = {
  name: "local",
  // The service reads its answer's kind itself (./suggest.ts); this is its lines.
  suggest: async ({ prompt }) => [...generateLocalAnswer(prompt).suggestions],
};
