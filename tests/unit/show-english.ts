// The unit suite's modules speak English, as the app does before another language is chosen
// (docs/decisions/395-messages-in-lingui-catalogs.md).
import { i18n } from "@lingui/core";

i18n.loadAndActivate({ locale: "en", messages: {} });
