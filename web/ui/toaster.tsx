import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Toaster, toast } from "sonner";
import { isLanguage, textDirection } from "../../shared/languages";
import { toasterMounted } from "./sonner-loader";
import { useTapsPassUnderToasts } from "./taps-under-toasts";
import { useTheme } from "./theme";
import { WHOLE_TOAST_CLASS } from "./toast";
import { TOAST_OFFSET_PX, useToastRoom } from "./toast-room";

/**
 * docs/product.md#other-constants toasts: one at a time (web/ui/toast.ts closes the last before showing the next), 5 s,
 * swipe right to dismiss, F8 focuses the region. One place, always the same
 * (docs/decisions/353-a-toast-has-one-place.md): on a phone across the bottom, 16 px up; from 640 px
 * the bottom-left corner, away from the suggestion button that floats bottom right
 * (docs/decisions/080-nothing-floats-over-phones-page.md); while it shows the page's scrolling area
 * ends above it (web/ui/toast-room.ts, docs/decisions/376-the-page-ends-above-the-toast.md). A screen's toast closes when the person goes to another screen
 * (docs/decisions/248-toasts-keep-to-their-screen.md).
 * A press that begins on the page passes under the toasts until it is released
 * (docs/decisions/303-a-tap-is-not-taken-by-a-toast.md).
 */
export function AppToaster() {
  const { theme } = useTheme();
  // Right to left the corner, the offsets and the swipe mirror (docs/decisions/400-what-mirrors-right-to-left.md).
  const { i18n } = useLingui();
  const rightToLeft = isLanguage(i18n.locale) && textDirection(i18n.locale) === "rtl";
  const start = rightToLeft ? "right" : "left";
  const container = useRef<HTMLDivElement>(null);
  useToastRoom(container);
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
        dir={rightToLeft ? "rtl" : "ltr"}
        position={`bottom-${start}`}
        offset={{ bottom: TOAST_OFFSET_PX.wide, [start]: TOAST_OFFSET_PX.wide }}
        mobileOffset={{ bottom: TOAST_OFFSET_PX.phone, left: TOAST_OFFSET_PX.phone, right: TOAST_OFFSET_PX.phone }}
        visibleToasts={1}
        duration={5000}
        swipeDirections={[rightToLeft ? "left" : "right"]}
        hotkey={["F8"]}
        richColors
        closeButton
        toastOptions={{ style: { maxWidth: "420px" } }}
      />
    </div>
  );
}
