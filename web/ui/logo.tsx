import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { LogoMark } from "./logo-mark";

/** The logo as an in-app link home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  return (
    <Link to="/" className="rounded-lg" aria-label={t`Onething home`}>
      <LogoMark compact={compact} />
    </Link>
  );
}
