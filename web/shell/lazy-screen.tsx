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

/** `load` must always answer the same component. */
export function screenCode(load: () => Promise<ComponentType>): ScreenCode {
  const code: ScreenCode = {
    id: ++screens,
    preload: () =>
      load().then((component) => {
        code.loaded = component;
        return component;
      }),
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
