import type { Language } from "../shared/languages";
import type { EarlyRequests } from "./api/early-requests";
import { startEarlyRequests } from "./api/early-requests";

/** The landing page's code, a chunk of its own. */
export const loadLandingPage = () => import("./features/landing/landing-page");

export type SignedInStart = {
  early: EarlyRequests;
  app: Promise<typeof import("./app")>;
  /** The first screen's code, when it was asked for here (the braindump), settled either way. */
  screenCode: Promise<unknown> | null;
  /** The language shown, and the first screen's words in it (web/features/language/catalogs.ts). */
  language: Language;
  words: Promise<void>;
};

/**
 * Starts what the app's first screen needs at once (its reads, the app's code and, on the
 * braindump, that screen's code), so none of them waits on another
 * (docs/decisions/042-first-screen-does-wait-own-code.md).
 */
export function startSignedInApp(pathname: string, language: Language, words: Promise<void>): SignedInStart {
  const early = startEarlyRequests(pathname);
  const screenCode =
    early.length > 1
      ? import("./features/braindump/priority-picker-page").catch(() => {
          // The screen's own loader asks again and shows the failure.
        })
      : null;
  return { early, app: import("./app"), screenCode, language, words };
}
