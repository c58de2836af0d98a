import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterMounted } from "./sonner-loader";
import { useTheme } from "./theme";

/** Spec §9 toasts: one at a time, 5 s, swipe right to dismiss, F8 focuses the region. */
export function AppToaster() {
  const { theme } = useTheme();
  // Runs after sonner's own effect has subscribed to new toasts.
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      theme={theme}
      position="top-right"
      visibleToasts={1}
      duration={5000}
      swipeDirections={["right"]}
      hotkey={["F8"]}
      richColors
      closeButton
      toastOptions={{ style: { maxWidth: "420px" } }}
    />
  );
}
