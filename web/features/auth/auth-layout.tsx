import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../../ui/card";
import { Footer } from "../../ui/footer";
import { Logo } from "../../ui/logo";
import { ThemeToggle } from "../../ui/theme-toggle";
import { IdentityProviderSignIn } from "./identity-provider-sign-in";

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <h1 className="text-2xl font-bold">{title}</h1>
          <div className="mt-6">{children}</div>
        </Card>
      </main>
      <Footer />
    </div>
  );
}

/** Below the form on both auth pages: the identity-provider sign-in, then the way to the other page. */
export function OtherWaysIn({ question, to, linkText }: { question: string; to: string; linkText: string }) {
  return (
    <>
      <IdentityProviderSignIn />
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        {question}{" "}
        <Link to={to} className="font-medium text-brand-700 underline dark:text-brand-100">
          {linkText}
        </Link>
      </p>
    </>
  );
}
