import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PushMessageBody } from "../../shared/schemas/push";
import type { DailyPushSpec } from "../day/daily-push";
import { SCHEDULE_KINDS } from "../hub/storage-keys";
import { wordsOfPerson } from "../language/words";

/*
 * The evening close's push (docs/decisions/293-the-close-push-on-the-hub-s-schedule.md): one push at
 * a wall time of the hub's daily-push part (worker/day/daily-push.ts,
 * docs/decisions/380-the-hub-hosts-parts.md), "Close your day" at the close's local time while it
 * is on, unless the day is closed already.
 */

/** "Close your day", opening the close, in the person's language. */
function dayCloseMessage(words: I18n): PushMessageBody {
  return {
    type: "day-close",
    title: words._(msg`Close your day`),
    body: words._(msg`See what you did and decide where the rest goes.`),
    tag: "day-close",
    url: "/close",
  };
}

export const EVENING_CLOSE: DailyPushSpec = {
  kind: SCHEDULE_KINDS.dayClose,
  name: "the evening close's push",
  when: (person) => (person.dayCloseEnabled ? { time: person.dayCloseTime } : null),
  message: (person, day) => (day.closed ? null : dayCloseMessage(wordsOfPerson(person))),
};
