import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Coffee } from "lucide-react";
import { useEffect, useRef } from "react";
import { queryKeys } from "../../api/query-keys";
import { useTimerAction } from "../../api/timer-actions";
import { showInfo } from "../../ui/toast";
import { BREAK_OVER } from "./milestones";

/**
 * A break that ended (ran out or was ended) is not a focus session's end
 * (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md): no praise, no confetti,
 * no follow-up questions. The screen that sees it goes straight back to the selection
 * (`onBackToSelection` preselects the next task) and says the break is over.
 */
export function BreakOverPhase({ offline, onBackToSelection }: { offline: boolean; onBackToSelection: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { mutateAsync: timerAction } = useTimerAction();
  const sent = useRef(false);
  const translate = useRef(t);
  translate.current = t;
  const back = useRef(onBackToSelection);
  back.current = onBackToSelection;

  useEffect(() => {
    if (offline || sent.current) return;
    sent.current = true;
    back.current();
    timerAction({ action: "acknowledge", body: { keepTask: false } }).then(
      () => showInfo(translate.current(BREAK_OVER.title), translate.current(BREAK_OVER.body)),
      // Another device went back first: its state arrives over the live connection anyway.
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.timer }),
    );
  }, [offline, queryClient, timerAction]);

  return (
    <div className="space-y-3 py-8 text-center" role="status">
      <Coffee aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600 dark:text-brand-500" />
      <h2 className="font-bold text-2xl text-slate-900 dark:text-slate-50">{t(BREAK_OVER.title)}</h2>
      <p className="text-slate-700 dark:text-slate-300">{t(BREAK_OVER.body)}</p>
    </div>
  );
}
