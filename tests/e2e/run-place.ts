import { DEFAULT_DAY_START_HOUR } from "../../shared/day";
import { type Place, steadyPlace } from "./steady-place";

// The browser suite's one place for the run (docs/decisions/235-tests-live-where-the-day-cannot-turn.md).

/** Where the run's zone travels from the configuration to the set-up and every test worker; set it to replay one. */
const RUN_ZONE_ENV = "E2E_RUN_ZONE";

/**
 * The run's place: its zone chosen once, when the configuration is first read, so every worker
 * process (which inherits the environment) and the global set-up agree on it; the day starts at the
 * default hour, the one an account gets when it registers.
 */
export function runPlace(): Place {
  const chosen = process.env[RUN_ZONE_ENV];
  if (chosen) return { timeZone: chosen, dayStartHour: DEFAULT_DAY_START_HOUR };
  const place = steadyPlace(Date.now());
  process.env[RUN_ZONE_ENV] = place.timeZone;
  // Once per run (the workers inherit the choice), so a failure seen in one zone can be replayed.
  console.log(
    `Browser suite: accounts and browsers in ${place.timeZone} (${RUN_ZONE_ENV}=${place.timeZone} replays it).`,
  );
  return place;
}
