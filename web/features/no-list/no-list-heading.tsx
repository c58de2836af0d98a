import { Ban } from "lucide-react";
import type { ReactNode, Ref } from "react";

/**
 * The page's h1 with its icon, the same in both modes: the page moves focus to it when the person
 * switches between building and the committed list.
 */
export function NoListHeading({ headingRef, children }: { headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <>
      <Ban aria-hidden="true" className="h-7 w-7 shrink-0 text-brand-600 dark:text-brand-500" />
      <h1
        id="no-list-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
      >
        {children}
      </h1>
    </>
  );
}
