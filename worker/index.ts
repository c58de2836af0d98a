import { app } from "./app";
import { runScheduled } from "./scheduled";

export { UserHub } from "./hub-host/user-hub";

export default {
  fetch: app.fetch,
  scheduled: runScheduled,
} satisfies ExportedHandler<Env>;
