import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { buttonClasses } from "../ui/button";
import { Footer } from "../ui/footer";
import { Header } from "./header";

/**
 * The brief's two sentences inside the app's header (the logo, and the tabs when signed in) with a
 * button home, so a mistyped address is one step from anywhere (docs/decisions/153-everyday-details.md).
 */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="max-w-md text-center">
          <h1 className="text-2xl font-bold">
            <Trans>404 Page Not Found</Trans>
          </h1>
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            <Trans>Did you forget to add the page to the router?</Trans>
          </p>
          <Link to="/" className={`${buttonClasses("primary")} mt-6`}>
            <Trans>Go home</Trans>
          </Link>
        </div>
      </main>
      <Footer />
    </div>
  );
}
