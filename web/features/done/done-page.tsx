import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CheckCircle2, RotateCcw, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { HistoryTask } from "../../../shared/schemas/day";
import { useCurrentUser } from "../../api/auth";
import { ApiRequestError } from "../../api/client";
import { useDay } from "../../api/day";
import { useReopenTask } from "../../api/day-changes";
import { useHistoryPages } from "../../api/history";
import { patchTaskToasts } from "../../changes/patch-task";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { dayName } from "../../ui/day-words";
import { Input } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { showError, showSuccess } from "../../ui/toast";
import { doneDayLine, doneDays } from "./history-search";

/**
 * `/done` (docs/product.md#done-screen): finished work by day, newest first, found by its words and
 * reopened with one tap. Reached from Current Tasks and from Analytics
 * (docs/decisions/184-history-pages.md).
 */
export function DonePage() {
  const { t, i18n } = useLingui();
  const day = useDay();
  const today = day.data?.date;
  const [query, setQuery] = useState("");
  const history = useHistoryPages();
  const reopen = useReopenTask();
  const moreRef = useRef<HTMLDivElement>(null);
  const pages = history.data?.pages ?? [];
  const loaded = pages.flatMap((page) => page.tasks);
  const hasMore = history.hasNextPage;
  const search = query.trim();
  const searching = search !== "";
  const { fetchNextPage, isFetchingNextPage } = history;
  const { user } = useCurrentUser();
  const timeFormat = new Intl.DateTimeFormat(i18n.locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: user?.timeZone,
  });

  const shown = doneDays(pages[0]?.days ?? [], loaded, !hasMore, query);
  const found = shown.reduce((sum, entry) => sum + entry.tasks.length, 0);

  // A search looks through every page (docs/decisions/184-history-pages.md): the next one is read as
  // soon as the one before has come.
  useEffect(() => {
    if (searching && hasMore && !isFetchingNextPage) void fetchNextPage();
  }, [searching, hasMore, isFetchingNextPage, fetchNextPage]);

  // Scrolling near the end reads the next page.
  useEffect(() => {
    const target = moreRef.current;
    if (!target || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "600px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, isFetchingNextPage, fetchNextPage]);

  /** The next page; the keyboard goes to the first day it brings (or stays on the last shown). */
  async function showEarlier() {
    const before = document.querySelectorAll("[data-done-day]").length;
    await fetchNextPage();
    requestAnimationFrame(() => {
      const headings = document.querySelectorAll<HTMLElement>("[data-done-day]");
      (headings[before] ?? headings[headings.length - 1])?.focus();
    });
  }

  function onReopen(task: HistoryTask) {
    // The row leaves: the keyboard goes on to the next row's Reopen, or back to the search.
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("[data-reopen]")];
    const index = buttons.findIndex((button) => button.dataset.reopen === String(task.id));
    const next = buttons[index + 1] ?? buttons[index - 1];
    reopen.mutate(task, {
      onSuccess: () => {
        const reopened = patchTaskToasts.reopened(task.title);
        showSuccess(reopened.title, reopened.description);
        const nextId = next?.dataset.reopen;
        requestAnimationFrame(() => {
          const target = nextId ? document.querySelector<HTMLButtonElement>(`[data-reopen="${nextId}"]`) : null;
          (target ?? document.getElementById("done-search"))?.focus();
        });
      },
      onError: (err) => {
        const failed = patchTaskToasts.notReopened(
          task.title,
          err instanceof ApiRequestError ? err.serverMessage : undefined,
        );
        showError(failed.title, failed.description);
      },
    });
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <Link to="/" className={buttonClasses("ghost", "sm")}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          <Trans>Back to your tasks</Trans>
        </Link>
        <h1 className="text-2xl font-bold">
          <Trans context="the screen of finished tasks">Done</Trans>
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          <Trans>What you finished, day by day. Reopen anything that needs more work: it comes back for today.</Trans>
        </p>
      </div>

      <div className="space-y-1.5">
        <label htmlFor="done-search" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Find a finished task</Trans>
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id="done-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t`Words from its title`}
            className="ps-9"
          />
        </div>
        {/* Always there, so screen readers announce the count as it changes. */}
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {searching
            ? hasMore
              ? plural(found, {
                  one: "# task matches, looking through earlier days…",
                  other: "# tasks match, looking through earlier days…",
                })
              : plural(found, { one: "# task matches.", other: "# tasks match." })
            : null}
        </p>
      </div>

      {history.isError ? (
        <Card role="alert" className="space-y-3 p-6">
          <p className="font-medium">
            <Trans>Your finished tasks could not be loaded.</Trans>
          </p>
          <Button variant="outline" onClick={() => void history.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Card>
      ) : !today || history.isPending ? (
        <Spinner className="py-16" label={t`Loading what you finished`} showLabel />
      ) : shown.length === 0 ? (
        <Card className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {searching ? (
            hasMore ? (
              <Trans>Looking through earlier days…</Trans>
            ) : (
              <Trans>No finished task matches "{search}".</Trans>
            )
          ) : (
            <Trans>Nothing finished yet.</Trans>
          )}
        </Card>
      ) : (
        <ol className="space-y-4">
          {shown.map((entry) => {
            const headingId = `done-day-${entry.date}`;
            const note = entry.note;
            return (
              <li key={entry.date}>
                <Card>
                  <section aria-labelledby={headingId}>
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
                      <h2 id={headingId} data-done-day tabIndex={-1} className="text-lg font-semibold">
                        {dayName(entry.date, today)}
                      </h2>
                      <p className="text-sm text-slate-600 dark:text-slate-400">{doneDayLine(entry, searching)}</p>
                      {note ? (
                        // The day's evening close line (docs/decisions/291-the-evening-close.md).
                        <p
                          data-testid="done-day-note"
                          className="w-full text-sm break-words text-slate-700 italic dark:text-slate-300"
                        >
                          <Trans context="a day's evening close line, quoted">“{note}”</Trans>
                        </p>
                      ) : entry.closed === false && entry.date < today ? (
                        // An unclosed day says so (docs/decisions/349-a-day-s-close-leaves-a-trace.md).
                        <p
                          data-testid="done-day-not-closed"
                          className="w-full text-sm text-slate-600 dark:text-slate-400"
                        >
                          <Trans>Not closed in the evening.</Trans>
                        </p>
                      ) : null}
                    </div>
                    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                      {entry.tasks.map((task) => {
                        const titleId = `done-task-${task.id}`;
                        const finishedAt = task.completedAt ? timeFormat.format(new Date(task.completedAt)) : null;
                        return (
                          <li key={task.id} className="flex items-center gap-3 px-5 py-2.5">
                            <CheckCircle2
                              aria-hidden="true"
                              className="h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                            />
                            <div className="min-w-0 flex-1">
                              <p id={titleId} className="text-sm break-words">
                                {task.title}
                              </p>
                              {finishedAt ? (
                                <p className="text-xs text-slate-600 dark:text-slate-400">
                                  <Trans>Finished at {finishedAt}</Trans>
                                </p>
                              ) : null}
                            </div>
                            <Button
                              variant="outline"
                              size="sm"
                              aria-describedby={titleId}
                              data-reopen={task.id}
                              disabled={reopen.isPending && reopen.variables?.id === task.id}
                              onClick={() => onReopen(task)}
                            >
                              <RotateCcw aria-hidden="true" className="h-3.5 w-3.5" />
                              <Trans>Reopen</Trans>
                            </Button>
                          </li>
                        );
                      })}
                    </ul>
                  </section>
                </Card>
              </li>
            );
          })}
        </ol>
      )}

      {hasMore ? (
        <div ref={moreRef}>
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void showEarlier()}>
            {isFetchingNextPage ? <Trans>Loading earlier days…</Trans> : <Trans>Show earlier days</Trans>}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
