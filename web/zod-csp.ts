// zod compiles fast object parsers with `new Function`, which the Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') forbids: run it without code generation. zod reads its
// global configuration from `globalThis.__zod_globalConfig` (what `z.config()` writes, shared by
// every copy of zod), and decides when a schema is defined: setting it here, first in main.tsx,
// costs the landing bundle no zod code. tests/unit/zod-csp.test.ts checks that zod sees it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
