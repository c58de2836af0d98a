import { LogoMark } from "./logo-mark";
import { Link } from "./navigation";

/** The logo as an in-app link home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="rounded-lg" aria-label="Onething home">
      <LogoMark compact={compact} />
    </Link>
  );
}
