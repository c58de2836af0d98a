import { Trans, useLingui } from "@lingui/react/macro";
import { Repeat as RepeatIcon } from "lucide-react";
import { useSearchParams } from "react-router";
import { MAX_ROUTINES } from "../../../shared/schemas/routines";
import { ApiRequestError } from "../../api/client";
import { useDay } from "../../api/day";
import { useCreateRoutine, useRoutines } from "../../api/routines";
import { isQueued } from "../../api/send-change";
import { Card } from "../../ui/card";
import { RoutineDaysLegend } from "../../ui/routine-days";
import { Spinner } from "../../ui/spinner";
import { showError, showSuccess } from "../../ui/toast";
import { RoutineCard } from "./routine-card";
import { RoutineForm } from "./routine-form";

/**
 * docs/product.md#routines: what comes back by itself. A routine's occurrence of the day is a task
 * on the list, made when the person's day begins; here the person makes, edits, pauses, skips and
 * deletes routines and sees each one's streak and last 30 days.
 */
export function RoutinesPage() {
  const day = useDay().data;
  const routines = useRoutines();
  const create = useCreateRoutine();
  const [search] = useSearchParams();
  const fromTask = search.get("title") ?? undefined;
  const list = routines.data ?? [];
  const { t } = useLingui();
  const maxRoutines = MAX_ROUTINES;

  return (
    <section aria-labelledby="routines-heading" className="mx-auto max-w-3xl space-y-4">
      <div className="space-y-2">
        <h1 id="routines-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <RepeatIcon aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-indigo-300" />
          <Trans>Routines</Trans>
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          <Trans>
            What matters every day comes back by itself: each one joins your list when your day begins, once.
          </Trans>
        </p>
      </div>

      <Card className="p-4 sm:p-5">
        <section aria-labelledby="new-routine-heading" className="space-y-3">
          <h2 id="new-routine-heading" className="text-lg font-semibold">
            <Trans>New routine</Trans>
          </h2>
          {day ? (
            <RoutineForm
              key={fromTask ?? ""}
              today={day.date}
              defaultTitle={fromTask}
              submitLabel={t`Add routine`}
              pending={create.isPending}
              onSubmit={(value, done) =>
                create.mutate(value, {
                  onSuccess: (answer) => {
                    done();
                    const made = isQueued(answer) ? null : answer;
                    const title = value.title;
                    showSuccess(
                      t`Routine added: "${title}"`,
                      made === null
                        ? t`It syncs when you're back online.`
                        : made.dueToday
                          ? t`Today's is on your list.`
                          : t`It joins your list on its next day.`,
                    );
                  },
                  onError: (err) =>
                    showError(
                      t`Could not add the routine`,
                      (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
                    ),
                })
              }
            />
          ) : (
            <Spinner className="py-6" />
          )}
        </section>
      </Card>

      {routines.isPending ? <Spinner className="py-12" /> : null}
      {routines.isSuccess && list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>
            No routines yet. Up to {maxRoutines}: the medicine, the inbox, the plants on Mondays and Thursdays.
          </Trans>
        </p>
      ) : null}
      {day && list.length > 0 ? (
        <section aria-label={t`Your routines`} className="space-y-3">
          <RoutineDaysLegend />
          {list.map((routine) => (
            <RoutineCard key={routine.id} routine={routine} today={day.date} />
          ))}
        </section>
      ) : null}
    </section>
  );
}
