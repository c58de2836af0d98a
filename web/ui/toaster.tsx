import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Toaster, toast } from "sonner";
import { toasterMounted } from "./sonner-loader";
import { useTapsPassUnderToasts } from "./taps-under-toasts";
import { useTheme } from "./theme";
import { WHOLE_TOAST_CLASS } from "./toast";
import { useToastPlacement } from "./toast-placement";

/**
 * docs/product.md#other-constants toasts: one at a time (web/ui/toast.ts closes the last before showing the next), 5 s,
 * swipe right to dismiss, F8 focuses the region. At the bottom so no toast covers the header's
 * buttons or the tabs; centred, away from the suggestion button that floats bottom right from
 * 640 px (below that it sits in the header: docs/decisions/070-toasts-bottom-deleting-call.md,
 * docs/decisions/080-nothing-floats-over-phones-page.md). On a phone it moves up off any control
 * that would be under it (docs/decisions/150-toasts-keep-clear-of-controls.md), and a screen's toast
 * closes when the person goes to another screen (docs/decisions/248-toasts-keep-to-their-screen.md).
 * A press that begins on the page passes under the toasts until it is released
 * (docs/decisions/303-a-tap-is-not-taken-by-a-toast.md).
 */
export function AppToaster() {
  const { theme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  useToastPlacement(container);
  useTapsPassUnderToasts(container);
  // Runs after sonner's own effect has subscribed to new toasts.
  useEffect(() => toasterMounted(), []);
  // A screen's toast does not follow the person to another screen
  // (docs/decisions/248-toasts-keep-to-their-screen.md): the toasts on screen at the press, key or
  // Back that moved close; one shown after it answers that very press (e.g. "Account deleted" on
  // the way to the landing page) and goes along, as does a notice about the whole app.
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  const onScreenAtMove = useRef<(string | number)[]>([]);
  useEffect(() => {
    const types = ["pointerdown", "keydown", "popstate"];
    const mark = () => {
      onScreenAtMove.current = toast
        .getToasts()
        .filter((shown) => !("className" in shown && shown.className?.includes(WHOLE_TOAST_CLASS)))
        .map((shown) => shown.id);
    };
    for (const type of types) window.addEventListener(type, mark, { capture: true, passive: true });
    return () => {
      for (const type of types) window.removeEventListener(type, mark, { capture: true });
    };
  }, []);
  useEffect(() => {
    if (pathname === shownOn.current) return;
    shownOn.current = pathname;
    for (const id of onScreenAtMove.current) toast.dismiss(id);
    onScreenAtMove.current = [];
  }, [pathname]);
  return (
    <div ref={container} className="contents">
      <Toaster
        theme={theme}
        position="bottom-center"
        offset={{ bottom: 24 }}
        mobileOffset={{ bottom: 16, left: 16, right: 16 }}
        visibleToasts={1}
        duration={5000}
        swipeDirections={["right"]}
        hotkey={["F8"]}
        richColors
        closeButton
        toastOptions={{ style: { maxWidth: "420px" } }}
      />
    </div>
  );
}
