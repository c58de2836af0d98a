import { Trans } from "@lingui/react/macro";
import { Bell } from "lucide-react";
import { useState } from "react";
import { askNotificationPermission, canNotify } from "./celebrate";

/**
 * Offers a browser notification when a session ends. Shown only while the browser has not been
 * asked yet, and it asks only when clicked, never on load.
 */
export function NotifyButton() {
  const [permission, setPermission] = useState(() => (canNotify() ? Notification.permission : "denied"));
  if (permission !== "default") return null;
  return (
    <button
      type="button"
      onClick={async () => setPermission(await askNotificationPermission())}
      className="mx-auto flex items-center gap-1.5 rounded text-slate-600 text-sm underline-offset-4 hover:text-slate-900 hover:underline dark:text-slate-400 dark:hover:text-slate-100"
    >
      <Bell aria-hidden="true" className="h-4 w-4" />
      <Trans>Notify me when a session ends</Trans>
    </button>
  );
}
