import { type Place, steadyPlace } from "./steady-place";

// The browser suite's one place for the run (docs/decisions/235-tests-live-where-the-day-cannot-turn.md).

/** Where the run's place travels from the configuration to the set-up and every test worker. */
const RUN_PLACE_ENV = "E2E_RUN_PLACE";

/**
 * The run's place: chosen once, when the configuration is first read, so every worker process (which
 * inherits the environment) and the global set-up agree on it.
 */
export function runPlace(): Place {
  const chosen = process.env[RUN_PLACE_ENV];
  if (chosen) return JSON.parse(chosen) as Place;
  const place = steadyPlace(Date.now());
  process.env[RUN_PLACE_ENV] = JSON.stringify(place);
  return place;
}
