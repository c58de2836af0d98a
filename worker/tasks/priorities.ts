import { and, eq, notInArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Answers } from "../../shared/questions";
import { type Ranked, rankByAnswers } from "../../shared/scoring";
import type { Db } from "../db/client";
import { idsIn } from "../db/ids-in";
import { tasks } from "../db/schema";
import { replaceAnswersStatement } from "./answers";
import { offNoList } from "./mark-rules";

export type PriorityInput = { id: number; answers: Answers };

/**
 * Scores the answers (shared/scoring.ts) and returns the ranking with the statements that save it
 * and the answers:
 * the top three become priority tasks with the reasons as description; every other ranked task
 * loses both; and any other open task still marked priority from an earlier analysis loses it, so
 * "the three that matter most" are exactly three. The marks are `today`'s (docs/product.md#the-day).
 */
export function priorityStatements(
  db: Db,
  userId: string,
  items: readonly PriorityInput[],
  now: Date,
  today: string,
): { ranking: Ranked<PriorityInput>[]; statements: BatchItem<"sqlite">[] } {
  const ranking = rankByAnswers(items, (item) => item.answers);
  const top = ranking.filter((item) => item.isTop);
  const rest = ranking.filter((item) => !item.isTop).map((item) => item.id);
  const topIds = top.map((item) => item.id);
  const own = eq(tasks.userId, userId);

  // The answers ranked with are the ones saved (docs/decisions/018-answers-data.md), whatever the
  // screen held.
  const statements: BatchItem<"sqlite">[] = items.map((item) =>
    replaceAnswersStatement(db, userId, item.id, item.answers, now),
  );
  statements.push(
    ...top.map((item) =>
      db
        .update(tasks)
        .set({ isPriority: true, priorityDate: today, description: item.description, updatedAt: now })
        // A "No" list item ranked among the top keeps no mark (docs/decisions/172-marks-rules-on-every-route.md).
        .where(and(own, eq(tasks.id, item.id), offNoList())),
    ),
  );
  if (rest.length > 0) {
    statements.push(
      db
        .update(tasks)
        .set({ isPriority: false, priorityDate: null, description: null, updatedAt: now })
        .where(and(own, idsIn(tasks.id, rest))),
    );
  }
  // Earlier top tasks: their description was the reasons of that analysis, so it goes too.
  statements.push(
    db
      .update(tasks)
      .set({ isPriority: false, priorityDate: null, description: null, updatedAt: now })
      .where(
        and(
          own,
          eq(tasks.isPriority, true),
          eq(tasks.isCompleted, false),
          topIds.length > 0 ? notInArray(tasks.id, topIds) : undefined,
        ),
      ),
  );
  return { ranking, statements };
}
