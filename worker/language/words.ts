// What the server says, in the person's language (docs/decisions/397-the-server-speaks-the-person-s-language.md):
// a refusal in the request's shown language (the device sends it as Accept-Language), a push in the
// language kept with the person's row. Every language's catalog is in the Worker (a few KB each).
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { bestLanguage, isLanguage, type Language, SOURCE_LANGUAGE } from "../../shared/languages";
import { messages as ar } from "../locales/ar.po";
import { messages as de } from "../locales/de.po";
import { messages as en } from "../locales/en.po";
import { messages as es } from "../locales/es.po";
import { messages as fr } from "../locales/fr.po";
import { messages as ja } from "../locales/ja.po";
import { messages as ptBR } from "../locales/pt-BR.po";
import { messages as zhCN } from "../locales/zh-CN.po";

const CATALOGS: Record<Language, Messages> = { en, es, "pt-BR": ptBR, fr, de, ja, "zh-CN": zhCN, ar };

// One per language, made once: an instance is only read after it is made, so requests share it.
const made = new Map<Language, I18n>();

/** The server's words in `language`. */
export function wordsIn(language: Language): I18n {
  let words = made.get(language);
  if (!words) {
    words = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } });
    made.set(language, words);
  }
  return words;
}

/** The language a request's answer is said in: its `Accept-Language` (the page's shown language). */
export function requestLanguage(request: Request): Language {
  return bestLanguage(request.headers.get("Accept-Language"));
}

/** The words of a push to the person: their row's language (a tag the row no longer knows: English). */
export function wordsOfPerson(person: { language: string }): I18n {
  return wordsIn(isLanguage(person.language) ? person.language : SOURCE_LANGUAGE);
}
