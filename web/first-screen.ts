import type { EarlyRequests } from "./api/early-requests";
import { startEarlyRequests } from "./api/early-requests";

/** The landing page's code: web/boot.ts asks for it early, while the main bundle still downloads. */
export const loadLandingPage = () => import("./features/landing/landing-page");

export type SignedInStart = {
  early: EarlyRequests;
  app: Promise<typeof import("./app")>;
  /** The first screen's code, when it was asked for here (the braindump), settled either way. */
  screenCode: Promise<unknown> | null;
};

let started: SignedInStart | null = null;

/**
 * Starts what the app's first screen needs (its reads, the app's code and, on the braindump, that
 * screen's code), once per page load: web/boot.ts calls it before the main bundle has arrived,
 * web/main.tsx when it runs, and both get the same requests.
 */
export function startSignedInApp(pathname: string): SignedInStart {
  if (!started) {
    const early = startEarlyRequests(pathname);
    const screenCode =
      early.length > 1
        ? import("./features/braindump/priority-picker-page").catch(() => {
            // The screen's own loader asks again and shows the failure.
          })
        : null;
    started = { early, app: import("./app"), screenCode };
  }
  return started;
}
