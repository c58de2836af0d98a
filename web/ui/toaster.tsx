import { useEffect, useRef } from "react";
import { Toaster } from "sonner";
import { toasterMounted } from "./sonner-loader";
import { useTheme } from "./theme";
import { useToastPlacement } from "./toast-placement";

/**
 * docs/product.md#other-constants toasts: one at a time (web/ui/toast.ts closes the last before showing the next), 5 s,
 * swipe right to dismiss, F8 focuses the region. At the bottom so no toast covers the header's
 * buttons or the tabs; centred, away from the suggestion button that floats bottom right from
 * 640 px (below that it sits in the header: docs/decisions/070-toasts-bottom-deleting-call.md,
 * docs/decisions/080-nothing-floats-over-phones-page.md). On a phone it moves up off any control
 * that would be under it (docs/decisions/150-toasts-keep-clear-of-controls.md).
 */
export function AppToaster() {
  const { theme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  useToastPlacement(container);
  // Runs after sonner's own effect has subscribed to new toasts.
  useEffect(() => toasterMounted(), []);
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
