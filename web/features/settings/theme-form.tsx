import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Monitor, Moon, Sun } from "lucide-react";
import { cn } from "../../ui/cn";
import { type ThemePreference, useTheme } from "../../ui/theme";
import { SettingsSection } from "./settings-section";

const CHOICES: { value: ThemePreference; label: MessageDescriptor; hint: MessageDescriptor; icon: typeof Sun }[] = [
  { value: "light", label: msg({ message: "Light", context: "the theme" }), hint: msg`Always light`, icon: Sun },
  { value: "dark", label: msg({ message: "Dark", context: "the theme" }), hint: msg`Always dark`, icon: Moon },
  {
    value: "system",
    label: msg({ message: "System", context: "the theme: as the device's own" }),
    hint: msg`Follow this device`,
    icon: Monitor,
  },
];

/**
 * The same preference as the header's toggle (both go through useTheme), kept on this device:
 * it applies at once, so there is nothing to save.
 */
export function ThemeForm() {
  const { t } = useLingui();
  const { preference, setPreference } = useTheme();
  return (
    <SettingsSection
      title={t`Appearance`}
      description={t`Applies at once on this device, like the button in the header.`}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Theme</Trans>
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {CHOICES.map(({ value, label, hint, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm transition-colors",
                preference === value
                  ? "border-brand-600 bg-brand-50 dark:border-brand-500 dark:bg-slate-800"
                  : "border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800",
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={preference === value}
                onChange={() => setPreference(value)}
                aria-label={t(label)}
                aria-describedby={`theme-${value}-hint`}
                className="h-4 w-4 accent-brand-600"
              />
              <Icon aria-hidden="true" className="h-5 w-5 text-slate-700 dark:text-slate-300" />
              <span>
                <span className="block font-medium">{t(label)}</span>
                <span id={`theme-${value}-hint`} className="block text-xs text-slate-600 dark:text-slate-400">
                  {t(hint)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
