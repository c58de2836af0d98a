import { msg } from "@lingui/core/macro";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { localProvider } from "./local";
import { openAiProvider } from "./openai";
import type { SuggestionProvider } from "./provider";
import { workersAiProvider } from "./workers-ai";

/** A request to the Worker on this machine (`npm start`, `npm run dev`): Workers AI is not reachable there. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || host.endsWith(".localhost") || /^127\./.test(host);
}

/**
 * The provider for a request (docs/decisions/156-suggestion-provider-chosen-by-what-is-there.md).
 * AI_PROVIDER empty or "auto": Workers AI when the AI binding is there and the request did not come
 * over loopback (a local workerd has the binding but no account behind it), else an
 * OpenAI-compatible API when OPENAI_BASE_URL or OPENAI_API_KEY is set, else the embedded
 * generator. "local", "workers-ai" and "openai" name one; a broken configuration answers 503.
 */
export function chooseProvider(env: Bindings, requestUrl: string): SuggestionProvider {
  const name = (env.AI_PROVIDER || "auto").trim().toLowerCase();
  const openAi = () =>
    openAiProvider({ baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL });
  switch (name) {
    case "auto":
      if (env.AI && !isLoopback(requestUrl)) return workersAiProvider(env.AI);
      if (env.OPENAI_BASE_URL || env.OPENAI_API_KEY) return openAi();
      return localProvider;
    case "local":
      return localProvider;
    case "workers-ai":
      if (!env.AI) return misconfigured("AI_PROVIDER is workers-ai but the AI binding is missing");
      return workersAiProvider(env.AI);
    case "openai":
      return openAi();
    default:
      return misconfigured(`unknown AI_PROVIDER "${name.slice(0, 40)}"`);
  }
}

function misconfigured(why: string): never {
  console.error(`suggestions: ${why}`);
  throw new ApiError(503, msg`Suggestions are not available right now. Please try again later.`);
}
