import { app } from "./app";

export { UserHub } from "./hub/user-hub";

export default app satisfies ExportedHandler<Env>;
