// A routine's rule in the shown language (docs/product.md#routines): the form's summary and the
// card's line. The days are named by Intl, the counts are plurals.
import { i18n } from "@lingui/core";
import { plural, selectOrdinal, t } from "@lingui/core/macro";
import { type Repeat, WEEK_DAYS } from "../../../shared/schemas/routines";
import { weekDayName } from "./week-days";

export function repeatWords(repeat: Repeat): string {
  if ("everyDays" in repeat) {
    const days = repeat.everyDays;
    return t`Every ${days} days`;
  }
  if ("timesPerWeek" in repeat) {
    const times = repeat.timesPerWeek;
    return plural(times, { one: "Once a week", other: "# times a week" });
  }
  switch (repeat.every) {
    case "day":
      return t`Every day`;
    case "weekday":
      return t`Every weekday`;
    case "week": {
      const names = WEEK_DAYS.filter((day) => repeat.days.includes(day)).map((day) => weekDayName(day, i18n.locale));
      const days = new Intl.ListFormat(i18n.locale, { style: "short", type: "unit" }).format(names);
      return t`Every ${days}`;
    }
    case "month": {
      const day = repeat.day;
      const nth = selectOrdinal(day, { one: "#st", two: "#nd", few: "#rd", other: "#th" });
      return day >= 29 ? t`Monthly on the ${nth} (or the month's last day)` : t`Monthly on the ${nth}`;
    }
  }
}
