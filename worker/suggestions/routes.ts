import { Hono } from "hono";
import { taskSuggestionsRequestSchema, taskSuggestionsResponseSchema } from "../../shared/schemas/suggestions";
import { requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { validate } from "../http/validation";
import { listVisibleTasks } from "../tasks/task-rows";
import { chooseProvider } from "./choose-provider";
import { ProviderTimeout } from "./provider";
import { limitSuggestionRequests } from "./rate-limit";
import { cleanSuggestions, runProvider, timeoutFrom } from "./suggest";

/** Mounted at /api/ai. The prompt is personal: it is sent to the configured provider and never logged. */
export const suggestionRoutes = new Hono<AppEnv>().post(
  "/task-suggestions",
  requireUser,
  validate("json", taskSuggestionsRequestSchema),
  async (c) => {
    const { prompt } = c.req.valid("json");
    const {
      user,
      data: [existing],
    } = await readAsUser(c, (db, userId) => [listVisibleTasks(db, userId)]);
    await limitSuggestionRequests(c, user.id);
    const provider = chooseProvider(c.env);
    const raw = await runProvider(provider, prompt, timeoutFrom(c.env.AI_TIMEOUT_MS)).catch((err: unknown) => {
      if (err instanceof ProviderTimeout) {
        console.warn(`suggestions: ${provider.name} timed out`);
        throw new ApiError(504, "The suggestion service took too long to answer. Please try again.");
      }
      console.warn(`suggestions: ${err instanceof Error && "detail" in err ? String(err.detail) : provider.name}`);
      throw new ApiError(502, "The suggestion service failed. Please try again later.");
    });
    const suggestions = cleanSuggestions(
      raw,
      existing.map((task) => task.title),
    );
    return c.json(taskSuggestionsResponseSchema.parse({ suggestions, provider: provider.name }));
  },
);
