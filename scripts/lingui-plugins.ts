// Lingui's build plugins, the same for the app's build, the landing page's prerender and the test
// suites (docs/decisions/395-messages-in-lingui-catalogs.md): Babel turns the macros into catalog
// lookups (the native transform's binary needs Node 22.19+ at install, which the install machine's
// npm may not run), and the Lingui plugin compiles a .po catalog when it is imported.

import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import type { PluginOption } from "vite";

// Its advice to move to the native transform is the step this file explains not taking.
process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= "1";

export function linguiPlugins(): PluginOption[] {
  return [babel({ presets: [linguiTransformerBabelPreset()] }), lingui({ failOnCompileError: true })];
}
