// Where Onething's words live: a catalog per language and folder (docs/decisions/395-messages-in-lingui-catalogs.md).
// `npx lingui extract` writes every catalog below from the code's English; each language's file
// then carries that language's words.
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { LANGUAGE_TAGS, SOURCE_LANGUAGE } from "./shared/languages.ts";

/** The web app's code outside its features: the catalog "common". */
const COMMON = [
  "<rootDir>/shared",
  "<rootDir>/web/api",
  "<rootDir>/web/changes",
  "<rootDir>/web/shell",
  "<rootDir>/web/ui",
  "<rootDir>/web/app.tsx",
  "<rootDir>/web/router.tsx",
  "<rootDir>/web/start.tsx",
  "<rootDir>/web/sw-push.ts",
  "<rootDir>/web/sw.ts",
];

export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [...LANGUAGE_TAGS],
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: "<rootDir>/web/locales/{locale}/common", include: COMMON },
    // One catalog per feature folder: web/features/<name> → web/locales/<language>/<name>.po.
    { path: "<rootDir>/web/locales/{locale}/{name}", include: ["<rootDir>/web/features/{name}/"] },
    {
      path: "<rootDir>/worker/locales/{locale}",
      include: ["<rootDir>/worker", "<rootDir>/shared"],
      // The questions are the device's words only (shared/question-texts.ts).
      exclude: ["**/*.d.ts", "**/shared/question-texts.ts"],
    },
  ],
});
