import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { PushMessageBody } from "../../shared/schemas/push";
import { HUB_KEYS, SCHEDULE_KINDS } from "../hub/storage-keys";
import { wordsOfPerson } from "../language/words";
import type { DailyPushSpec } from "./daily-push";

/*
 * The morning nudge (docs/product.md#morning-nudge): one push at a wall time of the hub's daily-push
 * part (./daily-push.ts, docs/decisions/380-the-hub-hosts-parts.md), at the nudge's local time while
 * it is on, unless today is planned already. The hub wakes at the person's day start while it is on
 * and arms it again from D1 then.
 */

/** The path the notification opens: the priority picker, which leads with the plan. */
const PLAN_PATH = "/";

/** "Plan your day" with the count of the tasks carried over, in the person's language. */
function planReminderMessage(words: I18n, carriedOver: number): PushMessageBody {
  const body =
    carriedOver === 0
      ? words._(msg`Nothing carried over: a fresh start. What matters today?`)
      : words._(
          msg`${plural(carriedOver, {
            one: "# task carried over. What matters today?",
            other: "# tasks carried over. What matters today?",
          })}`,
        );
  return { type: "plan-reminder", title: words._(msg`Plan your day`), body, tag: "plan-reminder", url: PLAN_PATH };
}

export const MORNING_NUDGE: DailyPushSpec = {
  kind: SCHEDULE_KINDS.planReminder,
  name: "the plan reminder",
  when: (person) => (person.planReminderEnabled ? { time: person.planReminderTime } : null),
  message: (person, day) => (day.planned ? null : planReminderMessage(wordsOfPerson(person), day.carriedOver.length)),
  wakesAtDayStart: true,
};

/** A hub from before the one schedule kept the nudge under its own key: it becomes the nudge's row. */
export function adoptLegacyNudge(kv: SyncKvStorage, put: (at: number, payload: unknown) => void): void {
  const legacy = kv.get<{ nextAt: number }>(HUB_KEYS.legacyPlanReminder);
  if (!legacy) return;
  const { nextAt, ...settings } = legacy;
  put(nextAt, settings);
  kv.delete(HUB_KEYS.legacyPlanReminder);
}
