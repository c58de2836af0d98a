// The account's language is the person's on every device (docs/product.md#your-language): a
// device that shows another (the browser's, or a choice made elsewhere a moment ago) moves to it.
import { useEffect } from "react";
import { isLanguage } from "../../../shared/languages";
import { changeLanguage } from "./change-language";

/** Follows `language`, the signed-in person's, whenever it is known or changes (the live channel reads the user again). */
export function useAccountLanguage(language: string | undefined) {
  useEffect(() => {
    if (language && isLanguage(language)) void changeLanguage(language);
  }, [language]);
}
