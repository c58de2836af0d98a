// The loaders scripts/catalog-parts-plugin.ts makes: a language's part of its words, one request.
declare module "virtual:catalog-loaders" {
  export const catalogLoaders: Record<
    string,
    Record<string, () => Promise<{ messages: import("@lingui/core").Messages }>> | undefined
  >;
}
