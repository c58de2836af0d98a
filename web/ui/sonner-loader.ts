import type { toast as sonnerToast } from "sonner";

/**
 * sonner, run at the first press or the first toast instead of with the first screen (index.html
 * only prefetches it): `toast` here has sonner's call shape but waits until the library is loaded
 * and the <Toaster> has mounted (a toast sent before that would be lost).
 */
let markMounted: () => void = () => {};
let requestToaster: () => void = () => {};
let toasterWanted = false;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** The <Toaster> mounts on the first toast: `onWanted` runs then (or at once if one was asked for). */
export function onToasterWanted(onWanted: () => void) {
  requestToaster = onWanted;
  if (toasterWanted) onWanted();
}

/** Called by web/ui/toaster.tsx once sonner's <Toaster> listens. */
export function toasterMounted() {
  markMounted();
}

type Toast = typeof sonnerToast;
/** A sonner call that fires once sonner is ready (so it answers nothing, not a toast id). */
type Fire<F> = F extends (...args: infer A) => unknown ? (...args: A) => void : never;
type LazyToast = Fire<Toast> & { [K in keyof Toast]: Fire<Toast[K]> };

function whenReady() {
  toasterWanted = true;
  requestToaster();
  return Promise.all([import("sonner"), mounted]).then(([module]) => module.toast);
}

/**
 * When sonner runs (docs/decisions/072-sonner-prefetched-run-first-screen-runs.md): not with the
 * first screen (index.html only prefetches it), but at the person's first gesture on any page: the
 * pointer coming over the page, a press or a key. So it is there, or nearly, when that gesture asks
 * for a toast (shown within 300 ms of it).
 */
export function loadOnFirstInteraction() {
  const types = ["pointerover", "pointerdown", "keydown"];
  const start = () => {
    for (const type of types) window.removeEventListener(type, start, true);
    void whenReady();
  };
  for (const type of types) window.addEventListener(type, start, { capture: true, passive: true });
}

/**
 * Fetches and runs sonner and the toaster's module, without mounting it, after the first screen
 * while the network is there (with the outbox: web/api/send-change.ts). A toast wanted later finds
 * both in the page's module map, so a change made once the network has gone, on a first visit
 * before the service worker controls the page, still shows its toast at once
 * (docs/decisions/334-feedback-loads-before-the-network-can-go.md). The first screen does not carry
 * them (docs/decisions/072-sonner-prefetched-run-first-screen-runs.md).
 */
export function loadToastCode(): Promise<unknown> {
  return Promise.all([import("sonner"), import("./toaster")]).catch(() => {});
}

/** Forwards a call (`toast(...)` or `toast.error(...)`, ...) to sonner once it is ready. */
export const toast = new Proxy((...args: Parameters<Toast>) => void whenReady().then((t) => t(...args)), {
  get(_target, key: keyof Toast) {
    return (...args: unknown[]) => void whenReady().then((t) => (t[key] as (...a: unknown[]) => unknown)(...args));
  },
}) as unknown as LazyToast;
