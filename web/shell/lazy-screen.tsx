import { type ComponentType, type LazyExoticComponent, lazy, useState } from "react";

/** A screen's code, loaded on demand: the component once it has arrived. */
export type ScreenCode = {
  /** Tells screens apart, so another screen in the same place mounts afresh. */
  id: number;
  preload: () => Promise<ComponentType>;
  loaded?: ComponentType;
  Lazy: LazyExoticComponent<ComponentType>;
};

let screens = 0;

const RELOADED_AT_KEY = "stale-build-reload";
/** A second failure this soon after reloading for it is not a stale build: the error screen says so. */
const RELOAD_GUARD_MS = 10_000;

/**
 * After a deploy, a tab opened before it asks for screen files the new build no longer has: one
 * reload brings the new build. Not when offline (the error screen offers to try again) or when a
 * reload for this just happened. Answers whether the page is reloading.
 */
function reloadForNewBuild(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
  if (!navigator.onLine || Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** `load` must always answer the same component. */
export function screenCode(load: () => Promise<ComponentType>): ScreenCode {
  const code: ScreenCode = {
    id: ++screens,
    preload: () =>
      load().then(
        (component) => {
          code.loaded = component;
          return component;
        },
        // While the page reloads, the screen stays on its loading state rather than an error.
        (err: unknown) => (reloadForNewBuild() ? new Promise<never>(() => {}) : Promise.reject(err)),
      ),
    Lazy: lazy(() => code.preload().then((component) => ({ default: component }))),
  };
  return code;
}

function ScreenBody({ code }: { code: ScreenCode }) {
  // Chosen once per mount: switching from Lazy to the loaded component would remount the screen.
  const [Loaded] = useState(() => code.loaded);
  return Loaded ? <Loaded /> : <code.Lazy />;
}

/**
 * Like React.lazy, but a screen whose code is already here when it mounts (preloaded) renders in
 * that first render, instead of a Suspense fallback for a frame and React's pause before it
 * reveals suspended content.
 */
export function LazyScreen({ code }: { code: ScreenCode }) {
  return <ScreenBody key={code.id} code={code} />;
}
