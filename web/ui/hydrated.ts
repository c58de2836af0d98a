import { useSyncExternalStore } from "react";

/** A store that never changes: its server value is read while hydrating, its client value after. */
export const unchanging = () => () => {};

/**
 * False while React renders prerendered HTML (at build time, then hydrating it in the browser),
 * true once the page runs: a control that needs the page's code stays disabled until then
 * (docs/decisions/166-landing-prerendered-at-build.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
