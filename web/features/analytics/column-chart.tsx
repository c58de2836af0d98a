import { useLingui } from "@lingui/react/macro";
import { cn } from "../../ui/cn";

export type ChartSeries = {
  name: string;
  /** Tailwind classes that colour the bars (and the legend swatch) in both themes. */
  color: string;
};

export type ChartColumn = {
  /** Short label under the column, "\n" between lines (may be empty to thin out crowded axes). */
  label: string;
  /** Full name for the data table and the tooltip. */
  name: string;
  values: number[];
  /** Draws the column in `highlightColor` (e.g. the most productive hour). */
  highlight?: boolean;
};

/** A round top for the axis, so that half of it is a whole number too. */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  if (value <= 10) return Math.ceil(value / 2) * 2;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 5, 6, 8, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/**
 * Columns drawn with plain elements (no chart library): the picture is hidden from assistive
 * technology, which reads the same numbers from a visually hidden table instead.
 */
export function ColumnChart({
  caption,
  columnHeader,
  series,
  columns,
  showValues = false,
  highlightColor,
  emptyText,
}: {
  caption: string;
  columnHeader: string;
  series: ChartSeries[];
  columns: ChartColumn[];
  showValues?: boolean;
  highlightColor?: string;
  emptyText: string;
}) {
  const { t, i18n } = useLingui();
  // Numbers as the shown language writes them (docs/decisions/395-messages-in-lingui-catalogs.md).
  const number = new Intl.NumberFormat(i18n.locale);
  const list = new Intl.ListFormat(i18n.locale, { type: "unit", style: "short" });
  const tooltip = (column: ChartColumn) => {
    const name = column.name;
    const values = list.format(
      column.values.map((value, i) => {
        const count = number.format(value);
        const what = series[i]?.name ?? "";
        return t`${count} ${what}`.trim();
      }),
    );
    return t`${name}: ${values}`;
  };
  const largest = Math.max(0, ...columns.flatMap((column) => column.values));
  const top = niceMax(largest);
  const ticks = [top, top / 2, 0];
  return (
    <div>
      {series.length > 1 ? (
        <ul
          aria-hidden="true"
          className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300"
        >
          {series.map((item) => (
            <li key={item.name} className="flex items-center gap-1.5">
              <span className={cn("inline-block h-3 w-3 rounded-sm", item.color)} />
              {item.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div aria-hidden="true" className="relative mt-6 ms-8 h-40">
        {ticks.map((tick, i) => (
          <div
            key={tick}
            className={cn(
              "absolute inset-x-0 border-t",
              i === ticks.length - 1
                ? "border-slate-400 dark:border-slate-500"
                : "border-dashed border-slate-200 dark:border-slate-700",
            )}
            style={{ bottom: `${(tick / top) * 100}%` }}
          >
            <span className="absolute -start-8 w-6 -translate-y-1/2 text-end text-xs tabular-nums text-slate-600 dark:text-slate-400">
              {number.format(tick)}
            </span>
          </div>
        ))}
        <div className="absolute inset-0 flex items-end">
          {columns.map((column) => (
            <div
              key={column.name}
              title={tooltip(column)}
              className="flex h-full min-w-0 flex-1 items-end justify-center gap-0.5 px-px sm:px-0.5"
            >
              {column.values.map((value, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: one bar per series, in series order.
                  key={i}
                  className={cn(
                    "relative w-full max-w-10 rounded-t-sm",
                    column.highlight && highlightColor ? highlightColor : series[i]?.color,
                  )}
                  style={{ height: `${(value / top) * 100}%`, minHeight: value > 0 ? 2 : 0 }}
                >
                  {showValues && value > 0 ? (
                    <span className="absolute inset-x-0 -top-5 text-center text-xs font-medium tabular-nums text-slate-700 dark:text-slate-200">
                      {number.format(value)}
                    </span>
                  ) : null}
                </div>
              ))}
            </div>
          ))}
        </div>
        {largest === 0 ? (
          <p className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-600 dark:text-slate-400">
            {emptyText}
          </p>
        ) : null}
      </div>
      <div aria-hidden="true" className="mt-1.5 ms-8 flex">
        {columns.map((column) => (
          <span
            key={column.name}
            className="min-w-0 flex-1 text-center text-xs leading-tight whitespace-pre text-slate-600 dark:text-slate-400"
          >
            {column.label}
          </span>
        ))}
      </div>
      {/* A table grows to fit its cells whatever its width, so the wrapper does the hiding. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{columnHeader}</th>
              {series.map((item) => (
                <th key={item.name} scope="col">
                  {item.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => (
              <tr key={column.name}>
                <th scope="row">{column.name}</th>
                {column.values.map((value, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per series, in series order.
                  <td key={i}>{number.format(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
