/** The logo artwork and name, with no router dependency (the landing page renders without the router). */
export function LogoMark({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2 font-semibold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8">
        <rect width="64" height="64" rx="14" className="fill-brand-600" />
        <circle cx="32" cy="32" r="16" fill="none" stroke="#fff" strokeWidth="6" />
        <circle cx="32" cy="32" r="5" fill="#fff" />
      </svg>
      {/* Compact (the signed-in header on a phone): the mark alone, so every header button fits. */}
      <span className={compact ? "max-sm:sr-only text-lg" : "text-lg"}>
        {/* words-ok: the product's name, the same in every language */}
        Onething
      </span>
    </span>
  );
}
