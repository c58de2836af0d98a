import { Ban } from "lucide-react";
import type { Task } from "../../../shared/schemas/tasks";
import { useSayNoAgain } from "../../api/day";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { saidNoOn } from "../../ui/day-words";

/**
 * docs/product.md#committed-mode: "No" items of earlier days, kept under "Earlier" (none is lost),
 * each said no to again today with one tap.
 */
export function NoListEarlier({ items, today }: { items: readonly Task[]; today: string }) {
  const { sayNoAgain, pendingId } = useSayNoAgain();
  if (items.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="no-list-earlier-heading" className="space-y-2">
        <h2 id="no-list-earlier-heading" className="text-lg font-semibold">
          Earlier
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          What you said no to on earlier days. Still true? Say it again for today.
        </p>
        <ul aria-labelledby="no-list-earlier-heading" className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((task) => {
            const titleId = `no-list-earlier-${task.id}`;
            return (
              <li key={task.id} className="flex flex-wrap items-start gap-3 py-3">
                <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" />
                <div className="min-w-0 flex-1">
                  <p id={titleId} className="font-medium break-words">
                    {task.title}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-400">
                    {saidNoOn(task.noListDate, today)}
                    {task.noListReason ? `: ${task.noListReason}` : ""}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-describedby={titleId}
                  disabled={pendingId === task.id}
                  onClick={() => sayNoAgain(task)}
                >
                  Again today
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
