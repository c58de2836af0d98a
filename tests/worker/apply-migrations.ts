import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { setPasswordHashParams } from "../../worker/auth/password";
import { TEST_PASSWORD_HASH } from "./helpers";

// Setup files may run more than once; applyD1Migrations skips what is already applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A cheap password hash for the suite's hundreds of sign-ups; the tests that check the stored
// hash's strength switch back to production's (withProductionPasswordHash in helpers.ts).
setPasswordHashParams(TEST_PASSWORD_HASH);
