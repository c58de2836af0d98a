import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Ban, Brain, ListOrdered, Timer } from "lucide-react";
import { buttonClasses } from "../../ui/button";
import { Footer } from "../../ui/footer";
import { LogoMark } from "../../ui/logo-mark";
import { ThemeToggle } from "../../ui/theme-toggle";

const PILLARS = [
  { icon: Brain, title: msg`Braindump`, text: msg`Pour out everything on your mind. Every line becomes a task.` },
  {
    icon: ListOrdered,
    title: msg`Prioritise`,
    text: msg`Answer a few quick questions and see the three tasks that matter most.`,
  },
  {
    icon: Timer,
    title: msg`Focus`,
    text: msg`Work on one thing at a time with a timer that follows you across devices.`,
  },
  { icon: Ban, title: msg`Say no`, text: msg`Keep a daily “No” list of what you deliberately won’t do today.` },
];

/**
 * The anonymous home page. It uses plain links and no router or data layer, so web/start.tsx can show
 * it from the first, small bundle.
 */
export function LandingPage() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4">
        <a href="/" className="rounded-lg" aria-label={t`Onething home`}>
          <LogoMark />
        </a>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <a href="/login" className={buttonClasses("ghost", "sm")}>
            <Trans>Sign in</Trans>
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4">
        <section className="py-16 text-center sm:py-24">
          <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
            <Trans>Focus on what matters today.</Trans>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            <Trans>
              Onething turns the noise in your head into a short list, helps you pick the one task worth doing now, and
              keeps you on it.
            </Trans>
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a href="/register" className={buttonClasses("primary", "lg")}>
              <Trans>Get started — it’s free</Trans>
            </a>
            <a href="/login" className={buttonClasses("outline", "lg")}>
              <Trans>I already have an account</Trans>
            </a>
          </div>
        </section>
        <section aria-labelledby="pillars" className="pb-20">
          <h2 id="pillars" className="sr-only">
            <Trans>How Onething works</Trans>
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {PILLARS.map(({ icon: Icon, title, text }) => (
              <li
                key={title.id}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-brand-500" />
                <h3 className="mt-4 font-semibold">{t(title)}</h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <Footer />
    </div>
  );
}
