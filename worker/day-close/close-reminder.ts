import type { PushMessageBody } from "../../shared/schemas/push";
import type { DailyPushSpec } from "../day/daily-push";
import { SCHEDULE_KINDS } from "../hub/storage-keys";

/*
 * The evening close's push (docs/decisions/293-the-close-push-on-the-hub-s-schedule.md): one push at
 * a wall time of the hub's daily-push part (worker/day/daily-push.ts,
 * docs/decisions/380-the-hub-hosts-parts.md), "Close your day" at the close's local time while it
 * is on, unless the day is closed already.
 */

/** "Close your day", opening the close. */
function dayCloseMessage(): PushMessageBody {
  return {
    type: "day-close",
    title: "Close your day",
    body: "See what you did and decide where the rest goes.",
    tag: "day-close",
    url: "/close",
  };
}

export const EVENING_CLOSE: DailyPushSpec = {
  kind: SCHEDULE_KINDS.dayClose,
  name: "the evening close's push",
  when: (person) => (person.dayCloseEnabled ? { time: person.dayCloseTime } : null),
  message: (_person, day) => (day.closed ? null : dayCloseMessage()),
};
