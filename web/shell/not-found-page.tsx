import { Link } from "react-router";
import { buttonClasses } from "../ui/button";

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">Did you forget to add the page to the router?</p>
        <Link to="/" className={`${buttonClasses("primary")} mt-6`}>
          Go home
        </Link>
      </div>
    </main>
  );
}
