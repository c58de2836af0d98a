import { describe, expect, it } from "vitest";
import { formatMinutes, isEstimateInRange, parseEstimate } from "../../shared/estimate";
import { patchTaskSchema } from "../../shared/schemas/tasks";

describe("an estimate in each language's short forms (docs/decisions/396-estimates-read-in-every-language.md)", () => {
  it.each<[string, string, number]>([
    ["Slides ~45min", "Slides", 45],
    ["Bericht schreiben ~45 Min", "Bericht schreiben", 45],
    ["Garage aufräumen ~2 Std.", "Garage aufräumen", 120],
    ["Folien ~1 Std. 30 Min", "Folien", 90],
    ["Limpiar el garaje ~2 h", "Limpiar el garaje", 120],
    ["Escribir el informe ~45 minutos", "Escribir el informe", 45],
    ["Arrumar a garagem ~2 horas", "Arrumar a garagem", 120],
    ["Écrire le rapport ~2 heures", "Écrire le rapport", 120],
    ["Écrire le rapport ~45 mn", "Écrire le rapport", 45],
    ["報告書を書く～30分", "報告書を書く", 30],
    ["報告書を書く 〜１時間３０分", "報告書を書く", 90],
    ["写报告 ~2小时", "写报告", 120],
    ["写报告 ~45分钟", "写报告", 45],
    ["كتابة التقرير ~٤٥ د", "كتابة التقرير", 45],
    ["كتابة التقرير ~2 ساعة", "كتابة التقرير", 120],
  ])("%j → %j with %i minutes", (line, title, minutes) => {
    expect(parseEstimate(line)).toEqual({ title, estimateMinutes: minutes });
  });

  it.each<[string]>([["Treffen um 2 Std."], ["会議 30分"], ["Réunion ~9 heures"], ["كتابة ~٤ د"]])(
    "%j keeps its words: no tilde, or out of range",
    (line) => {
      expect(parseEstimate(line)).toEqual({ title: line, estimateMinutes: null });
    },
  );

  it.each<[string, string, string, string]>([
    ["en", "45 min", "2 h", "1 h 30"],
    ["de", "45 Min.", "2 Std.", "1 Std. 30 Min."],
    ["ja", "45 分", "2 時間", "1 時間 30 分"],
  ])("in %s, 45, 120 and 90 minutes read %j, %j, %j", (language, short, hours, both) => {
    expect([formatMinutes(45, language), formatMinutes(120, language), formatMinutes(90, language)]).toEqual([
      short,
      hours,
      both,
    ]);
  });
});

describe("parseEstimate (docs/decisions/290-estimates-written-at-the-end-of-a-line.md)", () => {
  it.each<[string, string, number]>([
    ["Write the report ~45m", "Write the report", 45],
    ["Clean the garage ~2h", "Clean the garage", 120],
    ["Slides ~1h30", "Slides", 90],
    ["Slides ~1h30m", "Slides", 90],
    ["Slides ~1h05", "Slides", 65],
    ["Call Sam ~5m", "Call Sam", 5],
    ["Deep work ~8h", "Deep work", 480],
    ["Deep work ~480m", "Deep work", 480],
    ["  Upper case ~2H  ", "Upper case", 120],
    ["Spaces before ~15M", "Spaces before", 15],
    ["Two marks ~1h ~30m", "Two marks ~1h", 30],
  ])("%j → %j with %i minutes", (line, title, minutes) => {
    expect(parseEstimate(line)).toEqual({ title, estimateMinutes: minutes });
  });

  it.each<[string, string]>([
    ["Read ~45", "a figure without a unit"],
    ["Meet at 2h", "a figure without ~"],
    ["Nap ~0m", "under five minutes"],
    ["Nap ~4m", "under five minutes"],
    ["Marathon ~9h", "over eight hours"],
    ["Marathon ~8h01", "over eight hours"],
    ["Marathon ~481m", "over eight hours"],
    ["Slides ~1h60", "sixty minutes past an hour"],
    ["Slides ~1h3", "one digit after the hour"],
    ["Price~45m", "no space before ~"],
    ["~45m", "nothing left for a title"],
    ["Slides ~45m later", "not at the end"],
    ["Slides ~ 45m", "a space after ~"],
    ["Slides ~1.5h", "a decimal"],
    ["Slides ~-5m", "a sign"],
    ["", "an empty line"],
    ["\u200b ~45m", "a zero-width space left for a title"],
    ["\u2060 ~2h", "a word joiner left for a title"],
    ["\u00ad ~1h30", "a soft hyphen left for a title"],
    ["\u0301 ~45m", "a lone combining mark left for a title"],
    ["\u200b\u00ad\u2060 ~45m", "only invisible characters left for a title"],
  ])("%j stays whole (%s)", (line) => {
    expect(parseEstimate(line)).toEqual({ title: line.trim(), estimateMinutes: null });
  });

  it("keeps the range's ends", () => {
    expect(isEstimateInRange(5)).toBe(true);
    expect(isEstimateInRange(480)).toBe(true);
    expect(isEstimateInRange(4)).toBe(false);
    expect(isEstimateInRange(481)).toBe(false);
    expect(isEstimateInRange(30.5)).toBe(false);
  });

  it("writes minutes the way the screens show them", () => {
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(120)).toBe("2 h");
    expect(formatMinutes(90)).toBe("1 h 30");
    expect(formatMinutes(65)).toBe("1 h 05");
  });
});

describe("PATCH /api/tasks/:id estimateMinutes", () => {
  it.each([5, 45, 480, null])("takes %j", (estimateMinutes) => {
    expect(patchTaskSchema.safeParse({ estimateMinutes }).success).toBe(true);
  });

  it.each([0, 4, 481, 30.5, "45", "~45m", true, -5])("refuses %j", (estimateMinutes) => {
    expect(patchTaskSchema.safeParse({ estimateMinutes }).success).toBe(false);
  });
});
