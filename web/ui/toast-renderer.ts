import { toast } from "./sonner-loader";
import { ToastQueue } from "./toast-queue";

/** The one toast queue, drawing with sonner (loaded by web/ui/toast.ts with the first toast). */
export const queue = new ToastQueue({
  show: (id, { kind, title, description }, closed) => {
    const options = { id, description, onDismiss: closed, onAutoClose: closed };
    if (kind === "error") toast.error(title, { ...options, className: "toast-destructive" });
    else if (kind === "success") toast.success(title, options);
    else if (kind === "progress") toast.loading(title, options);
    else toast(title, options);
  },
});
