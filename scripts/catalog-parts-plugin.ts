// Build plugin of vite.config.ts: one module per language and catalog part
// (web/features/language/catalog-parts.ts), which imports the part's catalogs and joins their
// messages, and one module of loaders naming those (a language times a part), not every catalog file
// (docs/decisions/395-messages-in-lingui-catalogs.md). The first screen carries the loaders, so
// they stay a line per language and part.
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { LANGUAGE_TAGS } from "../shared/languages.ts";
import { CATALOG_PARTS } from "../web/features/language/catalog-parts.ts";

const LOADERS = "virtual:catalog-loaders";
const PART = "virtual:catalog-part/";

export function catalogParts(projectRoot: string): Plugin {
  return {
    name: "onething:catalog-parts",
    resolveId(id) {
      if (id === LOADERS || id.startsWith(PART)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${LOADERS}`) {
        const languages = LANGUAGE_TAGS.map((language) => {
          const parts = Object.keys(CATALOG_PARTS).map(
            (part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${PART}${language}/${part}`)})`,
          );
          return `${JSON.stringify(language)}: { ${parts.join(", ")} }`;
        });
        return `export const catalogLoaders = { ${languages.join(",\n")} };`;
      }
      if (id.startsWith(`\0${PART}`)) {
        const [language, part] = id.slice(PART.length + 1).split("/") as [string, keyof typeof CATALOG_PARTS];
        const names = CATALOG_PARTS[part];
        const imports = names.map(
          (name, index) =>
            `import { messages as m${index} } from ${JSON.stringify(resolve(projectRoot, "web/locales", language, `${name}.po`))};`,
        );
        return `${imports.join("\n")}\nexport const messages = Object.assign({}, ${names.map((_, i) => `m${i}`).join(", ")});`;
      }
      return null;
    },
  };
}
