import { describe, expect, it } from "vitest";
import type { Answers } from "../../shared/questions";
import { priorityDescription, rankByAnswers, SCORING_RULES, scoreAnswers } from "../../shared/scoring";

describe("scoreAnswers: every row of the table in docs/product.md#priority-scoring", () => {
  it.each<[Answers, number, string]>([
    [{ urgent: true }, 5, "Urgent"],
    [{ important: true }, 4, "Important"],
    [{ goal_alignment: true }, 3, "Aligned with goals"],
    [{ dependency: true }, 4, "Unblocks other tasks"],
    [{ effort: "Small" }, 3, "Small effort"],
    [{ effort: "Medium" }, 2, "Medium effort"],
    [{ effort: "Large" }, 1, "Large effort"],
    [{ relief: true }, 2, "Provides relief/progress"],
    [{ resources: true }, 2, "Resources available now"],
  ])("%j scores %i with the reason %s", (answers, score, reason) => {
    expect(scoreAnswers(answers)).toEqual({ score, reasons: [reason] });
  });

  it("the table has exactly those nine rows", () => {
    expect(SCORING_RULES.map((rule) => [rule.reason, rule.score])).toEqual([
      ["Urgent", 5],
      ["Important", 4],
      ["Aligned with goals", 3],
      ["Unblocks other tasks", 4],
      ["Small effort", 3],
      ["Medium effort", 2],
      ["Large effort but important", 1],
      ["Provides relief/progress", 2],
      ["Resources available now", 2],
    ]);
  });

  it.each<Answers>([
    { urgent: false },
    { important: false, goal_alignment: false, dependency: false, relief: false, resources: false },
    {},
  ])("No answers score nothing: %j", (answers) => {
    expect(scoreAnswers(answers)).toEqual({ score: 0, reasons: [] });
    expect(priorityDescription(answers)).toBeNull();
  });

  it("adds up and lists the reasons in the table's order, whatever the answer order", () => {
    const answers: Answers = { resources: true, effort: "Small", relief: true, important: true, urgent: true };
    expect(scoreAnswers(answers)).toEqual({
      score: 5 + 4 + 3 + 2 + 2,
      reasons: ["Urgent", "Important", "Small effort", "Provides relief/progress", "Resources available now"],
    });
    expect(priorityDescription({ effort: "Small", important: true, urgent: true })).toBe(
      "Urgent, Important, Small effort",
    );
    const all: Answers = {
      urgent: true,
      important: true,
      goal_alignment: true,
      dependency: true,
      effort: "Large",
      relief: true,
      resources: true,
    };
    expect(scoreAnswers(all).score).toBe(21);
  });
});

describe("a reason never contradicts an answer (docs/decisions/151-reasons-follow-answers.md)", () => {
  it("Large effort is 'but important' only for a task answered Important: Yes", () => {
    expect(scoreAnswers({ effort: "Large", important: true })).toEqual({
      score: 4 + 1,
      reasons: ["Important", "Large effort but important"],
    });
    expect(scoreAnswers({ effort: "Large", important: false })).toEqual({ score: 1, reasons: ["Large effort"] });
    expect(priorityDescription({ effort: "Large", important: false, urgent: true })).toBe("Urgent, Large effort");
  });

  it("no reason names a question answered No, whatever the other answers", () => {
    const yesNo = ["urgent", "important", "goal_alignment", "dependency", "relief", "resources"] as const;
    const words: Record<(typeof yesNo)[number], RegExp> = {
      urgent: /urgent/i,
      important: /important/i,
      goal_alignment: /goals/i,
      dependency: /unblocks/i,
      relief: /relief/i,
      resources: /resources/i,
    };
    for (let mask = 0; mask < 2 ** yesNo.length; mask += 1) {
      for (const effort of ["Small", "Medium", "Large", undefined] as const) {
        const answers: Answers = { effort };
        yesNo.forEach((id, bit) => {
          answers[id] = (mask & (1 << bit)) !== 0;
        });
        const { reasons } = scoreAnswers(answers);
        for (const id of yesNo) {
          if (answers[id] === false) expect(reasons.join(", "), JSON.stringify(answers)).not.toMatch(words[id]);
        }
      }
    }
  });
});

describe("rankByAnswers", () => {
  const task = (id: number, answers: Answers) => ({ id, answers });

  it("sorts by score descending, keeps the input order for ties and marks the top three", () => {
    const ranked = rankByAnswers(
      [
        task(1, { effort: "Large" }), // 1
        task(2, { relief: true }), // 2
        task(3, { urgent: true }), // 5
        task(4, { resources: true }), // 2
        task(5, { urgent: false }), // 0
        task(6, { important: true, effort: "Small" }), // 7
      ],
      (item) => item.answers,
    );
    expect(ranked.map((item) => item.id)).toEqual([6, 3, 2, 4, 1, 5]);
    expect(ranked.map((item) => item.isTop)).toEqual([true, true, true, false, false, false]);
    expect(ranked.map((item) => item.score)).toEqual([7, 5, 2, 2, 1, 0]);
    expect(ranked[0]?.description).toBe("Important, Small effort");
    expect(ranked[5]?.description).toBeNull();
  });

  it("with fewer than three tasks all are top", () => {
    const ranked = rankByAnswers([task(1, { urgent: false }), task(2, { urgent: true })], (item) => item.answers);
    expect(ranked.map((item) => [item.id, item.isTop])).toEqual([
      [2, true],
      [1, true],
    ]);
  });

  it("does not change its input", () => {
    const items = [task(1, {}), task(2, { urgent: true })];
    rankByAnswers(items, (item) => item.answers);
    expect(items.map((item) => item.id)).toEqual([1, 2]);
  });
});
