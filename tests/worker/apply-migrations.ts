import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { setPasswordHashParams } from "../../worker/auth/password";
import { TEST_PASSWORD_HASH } from "./helpers";

// Setup files may run more than once; applyD1Migrations skips what is already applied.
// The directory and every person database share one schema (docs/decisions/270-person-databases.md).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.PERSON_DB_1, env.TEST_MIGRATIONS);

// A cheap password hash for the suite's hundreds of sign-ups; the tests that check the stored
// hash's strength switch back to production's (withProductionPasswordHash in helpers.ts).
setPasswordHashParams(TEST_PASSWORD_HASH);
