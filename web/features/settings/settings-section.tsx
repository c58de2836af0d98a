import { type ReactNode, useId } from "react";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";

/** One titled card of the settings screen, named for screen readers by its heading. */
export function SettingsSection({
  title,
  description,
  children,
  tone = "default",
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className={cn("p-5 sm:p-6", tone === "danger" && "border-red-300 dark:border-red-900")}>
        <h2
          id={headingId}
          className={cn("text-lg font-semibold", tone === "danger" && "text-red-700 dark:text-red-400")}
        >
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}
