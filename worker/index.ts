import { app } from "./app";

export { UserHub } from "./focus/user-hub";

export default app satisfies ExportedHandler<Env>;
