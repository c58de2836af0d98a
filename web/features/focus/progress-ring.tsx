import { Star, Trophy, Zap } from "lucide-react";
import type { ProgressIcon } from "../../../shared/timer";

/** docs/product.md#other-constants: radius 30 in a 64-unit box. */
const RADIUS = 30;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The track and the arc drawn over it are one circle. */
const RING = { cx: "32", cy: "32", r: RADIUS, fill: "none", strokeWidth: "3" } as const;

const ICONS = { zap: Zap, star: Star, trophy: Trophy } as const;
const ICON_LABELS = { zap: "Getting started", star: "Past a third", trophy: "Past two thirds" } as const;

/** The circular countdown: the ring fills as the run progresses; the clock sits in the middle. */
export function ProgressRing({
  percent,
  clock,
  icon,
  paused,
}: {
  percent: number;
  clock: string;
  icon: ProgressIcon;
  paused: boolean;
}) {
  const Icon = ICONS[icon];
  const done = Math.min(100, Math.max(0, percent));
  return (
    <div className="relative mx-auto aspect-square w-full max-w-64">
      <svg
        viewBox="0 0 64 64"
        className="h-full w-full -rotate-90"
        role="progressbar"
        aria-label="Session progress"
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
          className={
            paused
              ? "stroke-amber-500 transition-[stroke-dashoffset] duration-500 ease-linear"
              : "stroke-brand-600 transition-[stroke-dashoffset] duration-500 ease-linear dark:stroke-brand-500"
          }
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1">
        <Icon
          role="img"
          aria-label={ICON_LABELS[icon]}
          data-icon={icon}
          className="h-6 w-6 text-amber-600 dark:text-amber-400"
        />
        <span
          role="timer"
          className="font-semibold text-5xl text-slate-900 tabular-nums tracking-tight sm:text-6xl dark:text-slate-50"
        >
          {clock}
        </span>
        <span className="text-slate-600 text-sm dark:text-slate-400">minutes remaining</span>
      </div>
    </div>
  );
}
