import { Hono } from "hono";
import { taskSuggestionsRequestSchema, taskSuggestionsResponseSchema } from "../../shared/schemas/suggestions";
import { applyOnce, requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import { listVisibleTasks } from "../db/task-rows";
import type { AppEnv } from "../env";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { chooseProvider } from "./choose-provider";
import { countModelRequest } from "./daily-limit";
import { limitSuggestionRequests } from "./rate-limit";
import { suggestTasks, timeoutFrom } from "./suggest";

/** Mounted at /api/ai. The prompt is personal: it is sent to the chosen provider and never logged. */
export const suggestionRoutes = new Hono<AppEnv>().post(
  "/task-suggestions",
  requireUser,
  beginDay,
  applyOnce,
  validate("json", taskSuggestionsRequestSchema),
  async (c) => {
    const { prompt, useTasks } = c.req.valid("json");
    const {
      user,
      data: [tasks],
    } = await readAsUser(c, (db, userId) => [listVisibleTasks(db, userId)]);
    await limitSuggestionRequests(c, user.id);
    const provider = chooseProvider(c.env, c.req.url);
    if (provider.name !== "local") await countModelRequest(c, user, new Date());
    // The person's day as the model is told it (docs/decisions/157-model-knows-the-day.md): the
    // open tasks and today's "No" list (docs/product.md#no-list-screen), titles only, newest first
    // (the provider caps each list); nothing of it when the person keeps it out (useTasks false).
    const newestFirst = useTasks ? [...tasks].reverse() : [];
    const request = {
      prompt,
      openTasks: newestFirst
        .filter((task) => !task.isCompleted && task.category !== "no_list")
        .map((task) => task.title),
      noList: newestFirst.filter((task) => task.category === "no_list").map((task) => task.title),
    };
    const excluded = tasks.map((task) => task.title);
    const answer = await suggestTasks(provider, request, excluded, timeoutFrom(c.env.AI_TIMEOUT_MS));
    return c.json(taskSuggestionsResponseSchema.parse(answer));
  },
);
