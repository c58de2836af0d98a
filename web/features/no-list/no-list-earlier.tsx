import { Trans, useLingui } from "@lingui/react/macro";
import type { Task } from "../../../shared/schemas/tasks";
import { useSayNoAgain } from "../../api/day-changes";
import { Card } from "../../ui/card";
import { saidNoOn } from "../../ui/day-words";
import { NoItemRow } from "../../ui/no-item-row";

/**
 * docs/product.md#committed-mode: "No" items of earlier days, kept under "Earlier" (none is lost),
 * each said no to again today with one tap.
 */
export function NoListEarlier({ items, today }: { items: readonly Task[]; today: string }) {
  const { t } = useLingui();
  const { sayNoAgain, pendingId } = useSayNoAgain();
  if (items.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="no-list-earlier-heading" className="space-y-2">
        <h2 id="no-list-earlier-heading" className="text-lg font-semibold">
          <Trans context="the No list's items of earlier days">Earlier</Trans>
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>What you said no to on earlier days. Still true? Say it again for today.</Trans>
        </p>
        <ul aria-labelledby="no-list-earlier-heading" className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((task) => {
            const said = saidNoOn(task.noListDate, today);
            const reason = task.noListReason;
            return (
              <NoItemRow
                key={task.id}
                id={task.id}
                title={task.title}
                detail={reason ? t`${said}: ${reason}` : said}
                againLabel={t`Again today`}
                pending={pendingId === task.id}
                onAgain={() => sayNoAgain(task)}
              />
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
