import { toast } from "sonner";

/** Every failure toast uses the destructive style (spec §8). */
export function showError(title: string, description?: string) {
  toast.error(title, { description, className: "toast-destructive" });
}

export function showSuccess(title: string, description?: string) {
  toast.success(title, { description });
}

export function showInfo(title: string, description?: string) {
  toast(title, { description });
}
