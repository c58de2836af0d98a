import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import {
  DAY_START_HOUR_MAX,
  DAY_START_HOUR_MIN,
  DEFAULT_DAY_CLOSE_TIME,
  DEFAULT_DAY_START_HOUR,
} from "../../../shared/day";
import { formatMinutes } from "../../../shared/estimate";
import { accountUpdateSchema } from "../../../shared/schemas/account";
import type { User } from "../../../shared/schemas/auth";
import { DEFAULT_PLAN_REMINDER } from "../../../shared/schemas/day";
import {
  USUAL_FOCUS_DAYS,
  USUAL_FOCUS_DEFAULT_MINUTES,
  USUAL_FOCUS_HISTORY_MIN_DAYS,
} from "../../../shared/schemas/day-close";
import { useSaveAccount } from "../../api/account";
import { zodFieldErrors } from "../../api/field-errors";
import { usePushStatus } from "../../api/push";
import { Button } from "../../ui/button";
import { Field, Input, inputClasses } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { showSuccess } from "../../ui/toast";
import { SettingsSection } from "./settings-section";
import { useSettingsForm } from "./use-settings-form";

const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
/** The usual focus a person can say, until their focus history says it (docs/decisions/294-a-plan-sized-to-the-person.md). */
const USUAL_FOCUS_CHOICES = [30, 60, 90, 120, 150, 180, 240, 300, 360, 480];
const START_HOURS = Array.from(
  { length: DAY_START_HOUR_MAX - DAY_START_HOUR_MIN + 1 },
  (_, index) => DAY_START_HOUR_MIN + index,
);

/**
 * Settings "Your day" (docs/product.md#settings-screen): the hour the day starts at and the morning
 * nudge to plan it, which needs notifications on (docs/decisions/144-day-settings.md).
 */
export function DayForm({ user }: { user: User }) {
  const { t } = useLingui();
  const saveAccount = useSaveAccount();
  const saved = user.planReminder ?? DEFAULT_PLAN_REMINDER;
  const [startHour, setStartHour] = useState(user.dayStartHour ?? DEFAULT_DAY_START_HOUR);
  const [remind, setRemind] = useState(saved.enabled);
  const [time, setTime] = useState(saved.time);
  const [closeOn, setCloseOn] = useState(user.dayClose?.enabled ?? true);
  const [closeTime, setCloseTime] = useState(user.dayClose?.time ?? DEFAULT_DAY_CLOSE_TIME);
  const [usualFocus, setUsualFocus] = useState(user.usualFocusMinutes ?? USUAL_FOCUS_DEFAULT_MINUTES);
  const push = usePushStatus().data;
  const historyDays = USUAL_FOCUS_HISTORY_MIN_DAYS;
  const medianDays = USUAL_FOCUS_DAYS;
  const notificationsOn = push?.thisDevice ?? false;

  const { errors, pending, onSubmit } = useSettingsForm({
    check: () => {
      const parsed = accountUpdateSchema.safeParse({
        dayStartHour: startHour,
        planReminder: { enabled: remind, time },
        dayClose: { enabled: closeOn, time: closeTime },
        usualFocusMinutes: usualFocus,
      });
      return parsed.success ? { input: parsed.data } : { errors: zodFieldErrors(parsed.error) };
    },
    save: async (input) => {
      const next = await saveAccount(input);
      // The toast names what was changed (docs/decisions/350-the-day-s-toast-names-what-changed.md):
      // the start and the reminder in the words below, the close and the usual focus after them.
      const closeBefore = {
        enabled: user.dayClose?.enabled ?? true,
        time: user.dayClose?.time ?? DEFAULT_DAY_CLOSE_TIME,
      };
      const closeTime = next.dayClose.time;
      const usual = formatMinutes(next.usualFocusMinutes);
      const others = [
        next.dayClose.enabled !== closeBefore.enabled ||
        (next.dayClose.enabled && next.dayClose.time !== closeBefore.time)
          ? next.dayClose.enabled
            ? t`Closing it is offered from ${closeTime}.`
            : t`Closing it is not offered.`
          : null,
        next.usualFocusMinutes !== (user.usualFocusMinutes ?? USUAL_FOCUS_DEFAULT_MINUTES)
          ? t`You usually focus ${usual} a day.`
          : null,
      ].filter((text) => text !== null);
      const startOrReminderChanged =
        next.dayStartHour !== (user.dayStartHour ?? DEFAULT_DAY_START_HOUR) ||
        next.planReminder.enabled !== saved.enabled ||
        (next.planReminder.enabled && next.planReminder.time !== saved.time);
      const title = t`Your day is set`;
      // Sentences follow one another; each is a message of its own.
      const said = (...sentences: string[]) => [...sentences, ...others].join(" ");
      if (!startOrReminderChanged && others.length > 0) return showSuccess(title, others.join(" "));
      const start = hourLabel(next.dayStartHour);
      const reminderTime = next.planReminder.time;
      if (!next.planReminder.enabled) return showSuccess(title, said(t`It starts at ${start}.`));
      // No device has notifications on: the reminder would never come, so the toast says so and
      // offers the way to turn them on here (docs/decisions/186-honest-words.md).
      if ((push?.devices.length ?? 0) === 0) {
        return showSuccess(
          title,
          said(
            t`It starts at ${start}.`,
            t`The reminder at ${reminderTime} needs notifications, and none of your devices has them on.`,
          ),
          {
            action: {
              label: t({ message: "Turn on", context: "notifications" }),
              onClick: () => document.querySelector<HTMLElement>('[aria-describedby="notifications-state"]')?.focus(),
            },
          },
        );
      }
      showSuccess(title, said(t`It starts at ${start}; a reminder to plan it comes at ${reminderTime}.`));
    },
    failure: { title: t`Could not save your day`, form: t`Could not save your day. Please try again.` },
  });

  return (
    <SettingsSection
      title={t`Your day`}
      description={t`When your day begins, and a nudge to plan it. Working past midnight still counts for the evening's day.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t`Your day`}>
        <FormError message={errors.form} />
        <fieldset disabled={pending} className="space-y-4">
          <Field
            label={t`Day starts at`}
            error={errors.dayStartHour}
            hint={t`Before this hour, it is still the day before.`}
          >
            {(props) => (
              <select
                {...props}
                name="dayStartHour"
                value={startHour}
                onChange={(event) => setStartHour(Number(event.target.value))}
                className={`${inputClasses} sm:max-w-40`}
              >
                {START_HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              name="planReminder"
              className="h-4 w-4 accent-brand-600"
              checked={remind}
              onChange={(event) => setRemind(event.target.checked)}
            />
            <Trans>Remind me to plan my day</Trans>
          </label>
          <Field
            label={t`Remind me at`}
            error={errors.planReminder}
            hint={
              notificationsOn
                ? t`This device has notifications on: the reminder comes here unless the day is already planned.`
                : t`Needs notifications on: turn them on under Notifications on each device that should remind you.`
            }
          >
            {(props) => (
              <Input
                {...props}
                name="planReminderTime"
                type="time"
                step={60}
                value={time}
                disabled={!remind}
                onChange={(event) => setTime(event.target.value)}
                className="sm:max-w-40"
              />
            )}
          </Field>
          <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              name="dayClose"
              className="h-4 w-4 accent-brand-600"
              checked={closeOn}
              onChange={(event) => setCloseOn(event.target.checked)}
            />
            <Trans>Offer to close my day</Trans>
          </label>
          <Field
            label={t`Close the day at`}
            error={errors.dayClose}
            hint={t`From this time the braindump offers Close your day; with notifications on, a reminder comes too.`}
          >
            {(props) => (
              <Input
                {...props}
                name="dayCloseTime"
                type="time"
                step={60}
                value={closeTime}
                disabled={!closeOn}
                onChange={(event) => setCloseTime(event.target.value)}
                className="sm:max-w-40"
              />
            )}
          </Field>
          <Field
            label={t`I usually focus`}
            error={errors.usualFocusMinutes}
            hint={t`Used until you have focused on ${historyDays} days: then your plan is measured against the median of your last ${medianDays} days with focus.`}
          >
            {(props) => (
              <select
                {...props}
                name="usualFocusMinutes"
                value={usualFocus}
                onChange={(event) => setUsualFocus(Number(event.target.value))}
                className={`${inputClasses} sm:max-w-40`}
              >
                {[...new Set([...USUAL_FOCUS_CHOICES, usualFocus])]
                  .sort((a, b) => a - b)
                  .map((minutes) => {
                    const amount = formatMinutes(minutes);
                    return (
                      <option key={minutes} value={minutes}>
                        {t`${amount} a day`}
                      </option>
                    );
                  })}
              </select>
            )}
          </Field>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {pending ? <Trans>Saving...</Trans> : <Trans>Save your day</Trans>}
        </Button>
      </form>
    </SettingsSection>
  );
}
