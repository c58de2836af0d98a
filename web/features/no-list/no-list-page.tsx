import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { isTodaysNoListItem } from "../../../shared/day";
import { useDay } from "../../api/day";
import { useTasks } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Spinner } from "../../ui/spinner";
import { NoListBuilder } from "./no-list-builder";
import { NoListCommitted } from "./no-list-committed";
import { NoListEarlier } from "./no-list-earlier";
import { noListItems } from "./no-list-selection";

type Mode = "builder" | "committed";

/**
 * docs/product.md#no-list-screen. Builder mode becomes committed mode when a commit succeeds, and Edit List
 * returns to the builder (docs/product.md#no-list-screen). On opening the page the mode follows the data: a person who
 * already has "No" items today sees them (committed mode) rather than an empty builder that hides
 * them, since the builder lists only tasks NOT on the list; with no items it opens in the builder.
 * The builder also links to the list whenever items exist.
 */
export function NoListPage() {
  const { t } = useLingui();
  const tasksQuery = useTasks();
  const [mode, setMode] = useState<Mode | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switchedByPerson = useRef(false);
  const tasks = tasksQuery.data;
  const items = tasks ? noListItems(tasks) : [];
  // Today's items, and those of earlier days under "Earlier" (docs/product.md#committed-mode); until
  // the day is known every item counts as today's, as before days existed.
  const today = useDay().data?.date;
  const todays = today ? items.filter((task) => isTodaysNoListItem(task, today)) : items;
  const earlier = today ? items.filter((task) => !isTodaysNoListItem(task, today)) : [];

  // Decided once, when the tasks first arrive; later changes (deleting the last item) keep the mode.
  if (mode === null && tasks) setMode(items.length > 0 ? "committed" : "builder");

  // Moving between modes replaces the buttons that were pressed: focus goes to the new title.
  useEffect(() => {
    if (mode && switchedByPerson.current) headingRef.current?.focus();
  }, [mode]);

  function switchTo(next: Mode) {
    switchedByPerson.current = true;
    setMode(next);
  }

  if (tasksQuery.isError && !tasks) {
    return (
      <Card className="mx-auto max-w-3xl space-y-4 p-6" role="alert">
        <h1 className="text-xl font-semibold">
          <Trans>Your tasks could not be loaded</Trans>
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Trans>Check your connection and try again.</Trans>
        </p>
        <Button variant="outline" onClick={() => void tasksQuery.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Card>
    );
  }
  if (!tasks || mode === null) return <Spinner className="py-24" label={t`Loading your tasks`} showLabel />;

  return mode === "committed" ? (
    <NoListCommitted items={todays} headingRef={headingRef} onEdit={() => switchTo("builder")}>
      {today ? <NoListEarlier items={earlier} today={today} /> : null}
    </NoListCommitted>
  ) : (
    <NoListBuilder
      tasks={tasks}
      noListCount={items.length}
      headingRef={headingRef}
      onCommitted={() => switchTo("committed")}
      onShowList={() => switchTo("committed")}
    />
  );
}
