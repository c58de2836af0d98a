// The languages Onething speaks, one line each (docs/decisions/395-messages-in-lingui-catalogs.md):
// adding one is a line here and its catalogs under web/locales/<tag>/ and worker/locales/.

export const LANGUAGES = [
  { tag: "en", name: "English" },
  { tag: "es", name: "Español" },
  { tag: "pt-BR", name: "Português (Brasil)" },
  { tag: "fr", name: "Français" },
  { tag: "de", name: "Deutsch" },
  { tag: "ja", name: "日本語" },
  { tag: "zh-CN", name: "简体中文" },
  { tag: "ar", name: "العربية", rightToLeft: true },
] as const satisfies readonly { tag: string; name: string; rightToLeft?: true }[];

export type Language = (typeof LANGUAGES)[number]["tag"];

/** The language the code's own texts are written in, and everyone's when nothing else matches. */
export const SOURCE_LANGUAGE: Language = "en";

export const LANGUAGE_TAGS: readonly Language[] = LANGUAGES.map((language) => language.tag);

export function isLanguage(tag: string): tag is Language {
  return (LANGUAGE_TAGS as readonly string[]).includes(tag);
}

export function textDirection(language: Language): "rtl" | "ltr" {
  return LANGUAGES.some((l) => l.tag === language && "rightToLeft" in l) ? "rtl" : "ltr";
}

/** Longest `Accept-Language` header read; a longer one is cut there (its first entries are the wanted ones). */
const MAX_ACCEPT_LANGUAGE = 500;

/**
 * The shipped language that best matches what a person's browser asks for, in its order of
 * preference: an exact tag first ("pt-BR"), then the same language in another region ("pt-PT" gets
 * "pt-BR", "zh-TW" gets "zh-CN", "es-419" gets "es"); English when nothing matches.
 * `wanted` is an `Accept-Language` header or `navigator.languages`.
 */
export function bestLanguage(wanted: string | readonly string[] | null | undefined): Language {
  const tags = typeof wanted === "string" ? fromAcceptLanguage(wanted) : (wanted ?? []);
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    const exact = LANGUAGE_TAGS.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const base = lower.split("-")[0];
    const sameLanguage = LANGUAGE_TAGS.find((l) => l.toLowerCase().split("-")[0] === base);
    if (sameLanguage) return sameLanguage;
  }
  return SOURCE_LANGUAGE;
}

/** The tags of an `Accept-Language` header, most wanted first (q=0 means "not this one"). */
function fromAcceptLanguage(header: string): string[] {
  return header
    .slice(0, MAX_ACCEPT_LANGUAGE)
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== "" && tag !== "*" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
