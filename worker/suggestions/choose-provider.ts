import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { localProvider } from "./local";
import { openAiProvider } from "./openai";
import type { SuggestionProvider } from "./provider";
import { workersAiProvider } from "./workers-ai";

/** The provider named by AI_PROVIDER ("local" when unset). A broken configuration answers 503. */
export function chooseProvider(env: Bindings): SuggestionProvider {
  const name = (env.AI_PROVIDER || "local").trim().toLowerCase();
  switch (name) {
    case "local":
      return localProvider;
    case "workers-ai":
      if (!env.AI) return misconfigured("AI_PROVIDER is workers-ai but the AI binding is missing");
      return workersAiProvider(env.AI);
    case "openai":
      return openAiProvider({ baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL });
    default:
      return misconfigured(`unknown AI_PROVIDER "${name.slice(0, 40)}"`);
  }
}

function misconfigured(why: string): never {
  console.error(`suggestions: ${why}`);
  throw new ApiError(503, "Suggestions are not available right now. Please try again later.");
}
