// First: the browser suite's placed clock, when its build sets one (worker/test-clock.ts).
import "./test-clock";
import { app } from "./app";
import { runScheduled } from "./scheduled";

export { UserHub } from "./hub-host/user-hub";

export default {
  fetch: app.fetch,
  scheduled: runScheduled,
} satisfies ExportedHandler<Env>;
