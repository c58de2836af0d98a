import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Coffee, Star, Trophy, Zap } from "lucide-react";
import type { TimerKind } from "../../../shared/schemas/timer-state";
import type { ProgressIcon } from "../../../shared/timer";

/** docs/product.md#other-constants: radius 30 in a 64-unit box. */
const RADIUS = 30;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The track and the arc drawn over it are one circle. */
const RING = { cx: "32", cy: "32", r: RADIUS, fill: "none", strokeWidth: "3" } as const;

const ICONS = { zap: Zap, star: Star, trophy: Trophy } as const;
const ICON_LABELS = {
  zap: msg`Getting started`,
  star: msg`Past a third`,
  trophy: msg`Past two thirds`,
} as const;

/**
 * The circular countdown: the ring fills as the run progresses; the clock sits in the middle. A
 * break has its own colour and a cup instead of the progress icons, so it never looks like a focus
 * session (docs/decisions/149-ending-early-and-breaks.md).
 */
export function ProgressRing({
  percent,
  clock,
  icon,
  paused,
  kind = "focus",
}: {
  percent: number;
  clock: string;
  icon: ProgressIcon;
  paused: boolean;
  kind?: TimerKind;
}) {
  const { t } = useLingui();
  const isBreak = kind === "break";
  const Icon = isBreak ? Coffee : ICONS[icon];
  const done = Math.min(100, Math.max(0, percent));
  const arc = paused
    ? "stroke-amber-500"
    : isBreak
      ? "stroke-emerald-500 dark:stroke-emerald-400"
      : "stroke-brand-600 dark:stroke-brand-500";
  return (
    <div className="relative mx-auto aspect-square w-full max-w-64">
      <svg
        viewBox="0 0 64 64"
        className="h-full w-full -rotate-90"
        role="progressbar"
        aria-label={t`Session progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(done)}
      >
        <circle {...RING} className="stroke-slate-200 dark:stroke-slate-800" />
        <circle
          {...RING}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - done / 100)}
          data-kind={kind}
          className={`${arc} transition-[stroke-dashoffset] duration-500 ease-linear`}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1">
        <Icon
          role="img"
          aria-label={isBreak ? t({ message: "Break", context: "the timer runs a break" }) : t(ICON_LABELS[icon])}
          data-icon={isBreak ? "break" : icon}
          className={
            isBreak ? "h-6 w-6 text-emerald-600 dark:text-emerald-400" : "h-6 w-6 text-amber-600 dark:text-amber-400"
          }
        />
        <span
          role="timer"
          dir="ltr"
          className="font-semibold text-5xl text-slate-900 tabular-nums tracking-tight sm:text-6xl dark:text-slate-50"
        >
          {clock}
        </span>
        <span className="text-slate-600 text-sm dark:text-slate-400">
          <Trans>minutes remaining</Trans>
        </span>
      </div>
    </div>
  );
}
