import { Trans, useLingui } from "@lingui/react/macro";
import { MapPin } from "lucide-react";
import { useMemo, useState } from "react";
import { FOCUS_MINUTES } from "../../../shared/constants";
import { accountUpdateSchema } from "../../../shared/schemas/account";
import type { User } from "../../../shared/schemas/auth";
import { useSaveAccount } from "../../api/account";
import { zodFieldErrors } from "../../api/field-errors";
import { browserTimeZone } from "../../api/time-zone";
import { Button } from "../../ui/button";
import { Field, Input, inputClasses } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { showSuccess } from "../../ui/toast";
import { SettingsSection } from "./settings-section";
import { timeZoneOptions, zoneLabel } from "./time-zones";
import { useSettingsForm } from "./use-settings-form";
import { useZoneOffsets } from "./use-zone-offsets";

/** Time zone (decides "today" for analytics) and the focus timer's starting duration. */
export function PreferencesForm({ user }: { user: User }) {
  const { t } = useLingui();
  const saveAccount = useSaveAccount();
  const device = browserTimeZone();
  const deviceZone = device?.replaceAll("_", " ");
  const savedZone = user.timeZone;
  const { min, max, step } = FOCUS_MINUTES;
  // "UTC" is what accounts start with when the browser did not say; the device knows better.
  const [timeZone, setTimeZone] = useState(user.timeZone === "UTC" && device ? device : user.timeZone);
  const [minutes, setMinutes] = useState(String(user.defaultFocusMinutes));
  const zones = useMemo(() => timeZoneOptions([user.timeZone, device]), [user.timeZone, device]);
  const offsetOf = useZoneOffsets(zones, timeZone);

  const { errors, pending, onSubmit } = useSettingsForm({
    check: () => {
      const input = { timeZone, defaultFocusMinutes: minutes.trim() === "" ? Number.NaN : Number(minutes) };
      const parsed = accountUpdateSchema.safeParse(input);
      return parsed.success ? { input: parsed.data } : { errors: zodFieldErrors(parsed.error) };
    },
    save: async (input) => {
      const saved = await saveAccount(input);
      const zone = saved.timeZone;
      const focusMinutes = saved.defaultFocusMinutes;
      showSuccess(t`Preferences saved`, t`Time zone ${zone}, focus sessions of ${focusMinutes} min.`);
    },
    failure: {
      title: t`Could not save your preferences`,
      form: t`Could not save your preferences. Please try again.`,
    },
  });

  const unsaved = timeZone !== user.timeZone;
  return (
    <SettingsSection
      title={t`Time zone and focus`}
      description={t`Your time zone decides when your day starts for analytics and the daily “No” list.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t`Time zone and focus`}>
        <FormError message={errors.form} />
        <fieldset disabled={pending} className="space-y-4">
          <Field
            label={t`Time zone`}
            error={errors.timeZone}
            hint={
              unsaved && user.timeZone === "UTC" && timeZone === device
                ? t`Detected from this device. Save to use it.`
                : t`Saved: ${savedZone}`
            }
          >
            {(props) => (
              <select
                {...props}
                name="timeZone"
                value={timeZone}
                onChange={(event) => setTimeZone(event.target.value)}
                className={inputClasses}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zoneLabel(zone, offsetOf(zone))}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {device && device !== timeZone ? (
            <Button variant="outline" size="sm" onClick={() => setTimeZone(device)}>
              <MapPin aria-hidden="true" className="h-4 w-4" />
              <Trans>Use this device's time zone ({deviceZone})</Trans>
            </Button>
          ) : null}
          <Field
            label={t`Default focus duration (minutes)`}
            error={errors.defaultFocusMinutes}
            hint={t`From ${min} to ${max} minutes, in steps of ${step}.`}
          >
            {(props) => (
              <Input
                {...props}
                name="defaultFocusMinutes"
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={step}
                value={minutes}
                onChange={(event) => setMinutes(event.target.value)}
                className="sm:max-w-40"
              />
            )}
          </Field>
        </fieldset>
        <Button type="submit" disabled={pending}>
          {pending ? <Trans>Saving...</Trans> : <Trans>Save preferences</Trans>}
        </Button>
      </form>
    </SettingsSection>
  );
}
