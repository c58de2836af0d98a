import { ArrowLeft, CheckCircle2, RotateCcw, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Task } from "../../../shared/schemas/tasks";
import { useCurrentUser } from "../../api/auth";
import { ApiRequestError } from "../../api/client";
import { useDay, useReopenTask } from "../../api/day";
import { useHistory } from "../../api/history";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { dayName } from "../../ui/day-words";
import { Input } from "../../ui/field";
import { countOf } from "../../ui/plural";
import { Spinner } from "../../ui/spinner";
import { showError, showSuccess } from "../../ui/toast";
import { historyRanges, searchHistory } from "./history-search";

/**
 * `/done` (docs/product.md#done-screen): finished work by day, newest first, found by its words and
 * reopened with one tap. Reached from Current Tasks and from Analytics
 * (docs/decisions/142-done-screen.md).
 */
export function DonePage() {
  const day = useDay();
  const today = day.data?.date;
  const [windows, setWindows] = useState(1);
  const [query, setQuery] = useState("");
  const history = useHistory(today ? historyRanges(today, windows) : []);
  const reopen = useReopenTask();
  const { user } = useCurrentUser();
  const timeFormat = new Intl.DateTimeFormat(undefined, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: user?.timeZone,
  });

  const shown = searchHistory(history.days, query);
  const found = shown.reduce((sum, entry) => sum + entry.tasks.length, 0);

  function onReopen(task: Task) {
    reopen.mutate(task.id, {
      onSuccess: () => showSuccess("Task reopened", `"${task.title}" is open again, in Current Tasks for today.`),
      onError: (err) =>
        showError(
          "Could not reopen the task",
          (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
        ),
    });
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <Link to="/" className={buttonClasses("ghost", "sm")}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to your tasks
        </Link>
        <h1 className="text-2xl font-bold">Done</h1>
        <p className="text-slate-700 dark:text-slate-300">
          What you finished, day by day. Reopen anything that needs more work: it comes back for today.
        </p>
      </div>

      <div className="space-y-1.5">
        <label htmlFor="done-search" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Find a finished task
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id="done-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Words from its title"
            className="pl-9"
          />
        </div>
        {/* Always there, so screen readers announce the count as it changes. */}
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {query.trim() ? `${countOf(found, "task matches", "tasks match")}.` : null}
        </p>
      </div>

      {history.isError ? (
        <Card role="alert" className="space-y-3 p-6">
          <p className="font-medium">Your finished tasks could not be loaded.</p>
          <Button variant="outline" onClick={history.refetch}>
            Try again
          </Button>
        </Card>
      ) : !today || (history.isPending && history.days.length === 0) ? (
        <Spinner className="py-16" label="Loading what you finished" showLabel />
      ) : shown.length === 0 ? (
        <Card className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {query.trim() ? `No finished task matches "${query.trim()}".` : "Nothing finished yet in these days."}
        </Card>
      ) : (
        <ol className="space-y-4">
          {shown.map((entry) => {
            const headingId = `done-day-${entry.date}`;
            return (
              <li key={entry.date}>
                <Card>
                  <section aria-labelledby={headingId}>
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
                      <h2 id={headingId} className="text-lg font-semibold">
                        {dayName(entry.date, today)}
                      </h2>
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        {entry.tasks.length} done · {countOf(entry.focusMinutes, "focus minute", "focus minutes")}
                      </p>
                    </div>
                    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                      {entry.tasks.map((task) => {
                        const titleId = `done-task-${task.id}`;
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
                              {task.completedAt ? (
                                <p className="text-xs text-slate-600 dark:text-slate-400">
                                  Finished at {timeFormat.format(new Date(task.completedAt))}
                                </p>
                              ) : null}
                            </div>
                            <Button
                              variant="outline"
                              size="sm"
                              aria-describedby={titleId}
                              disabled={reopen.isPending && reopen.variables === task.id}
                              onClick={() => onReopen(task)}
                            >
                              <RotateCcw aria-hidden="true" className="h-3.5 w-3.5" />
                              Reopen
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

      {today ? (
        <Button variant="outline" disabled={history.isPending} onClick={() => setWindows((count) => count + 1)}>
          Show earlier days
        </Button>
      ) : null}
    </div>
  );
}
