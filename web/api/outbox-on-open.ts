import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { loadToastCode } from "../ui/sonner-loader";
import { useCurrentUser } from "./auth";
import { whenChangesRefused } from "./refused-changes";
import { useWaitingCount } from "./waiting-changes";

// The outbox opened with the app (docs/product.md#offline), above what it loads: the outbox, the
// feedback of every change, and the words for refused changes, whose offer to keep a title sends a
// change again (docs/decisions/405-no-cycle-in-web-api.md).

// Its words and the offer to keep a title load only when something was refused.
whenChangesRefused((queryClient, refused) => {
  void import("./outbox-refusals").then(
    ({ sayRefused }) => sayRefused(queryClient, refused),
    (err) => console.warn("could not load the words for refused changes", err),
  );
});

/** After the first screen's own requests. */
const OUTBOX_PREFETCH_DELAY_MS = 1500;

/**
 * When the app opens, when the person signs in, and when another tab keeps a change: the waiting
 * changes are shown again over what the screen reads, and sent. The outbox's code loads only then.
 */
export function useOutboxOnOpen() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?.id;
  // Changes kept by another tab count too: this tab sends them if that one is closed.
  const waiting = useWaitingCount(userId) > 0;
  useEffect(() => {
    if (!userId) return;
    // With nothing waiting, the code is still fetched while the network is here, after the first
    // screen: a change made once it is gone finds it, service worker or not.
    const timer = setTimeout(
      () => {
        void import("./outbox").then(
          (outbox) => outbox.openOutbox(queryClient),
          () => {},
        );
        // The Undo of a delete made offline needs its code too, and every change's feedback: the
        // toasts, the done's words and its Undo (docs/decisions/334-feedback-loads-before-the-network-can-go.md).
        void import("./undo-removal").catch(() => {});
        void loadToastCode();
        void import("./done-toasts").catch(() => {});
        void import("./reopen-task").catch(() => {});
      },
      waiting ? 0 : OUTBOX_PREFETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [userId, waiting, queryClient]);
}
