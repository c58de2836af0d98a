import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useId } from "react";
import { cn } from "./cn";

export const inputClasses =
  // words-ok: Tailwind classes, not words
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 aria-[invalid=true]:border-red-500 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

type FieldProps = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined }) => ReactNode;
};

/** A label, a control and its error message, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The kinds of field a person writes words in, whose direction is their words' own. */
const WORDS = new Set(["text", "search", "email"]);

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  // A person's own words may run either way whatever the page's language; times and numbers keep
  // the page's side (docs/decisions/400-what-mirrors-right-to-left.md).
  const dir = WORDS.has(props.type ?? "text") ? "auto" : undefined;
  return <input dir={dir} className={cn(inputClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea dir="auto" className={cn(inputClasses, "resize-y", className)} {...props} />;
}
