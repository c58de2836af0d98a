import type { ReactNode } from "react";
import { Card } from "../../ui/card";
import { Footer } from "../../ui/footer";
import { Logo } from "../../ui/logo";
import { ThemeToggle } from "../../ui/theme-toggle";

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
