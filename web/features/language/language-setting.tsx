// Settings' language (docs/product.md#your-language): kept with the account, so every device of the
// person shows it; this one moves at once, the others when the live channel tells them.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { isLanguage, LANGUAGES, type Language } from "../../../shared/languages";
import { useSaveAccount } from "../../api/account";
import { changeLanguage } from "./change-language";

export function LanguageSetting() {
  const { t, i18n } = useLingui();
  const saveAccount = useSaveAccount();
  const id = useId();
  const [failed, setFailed] = useState(false);
  const choose = async (language: Language) => {
    setFailed(false);
    const before = i18n.locale as Language;
    await changeLanguage(language);
    try {
      await saveAccount({ language });
    } catch {
      // Not saved (offline, or refused): the page goes back to the account's language and says so.
      setFailed(true);
      await changeLanguage(before);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
        className="min-h-11 w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-700 dark:bg-slate-900"
      >
        {LANGUAGES.map((language) => (
          <option key={language.tag} value={language.tag} lang={language.tag}>
            {language.name}
          </option>
        ))}
      </select>
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t`Your language was not saved. Check your connection and try again.`}
        </p>
      )}
    </div>
  );
}
