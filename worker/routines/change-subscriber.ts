import type { ChangeSubscriber } from "../changes/pipeline";
import { closeEarlierDaysStatements, makeOccurrencesStatements, undoLaterDaysStatements } from "./occurrences";

/*
 * The person's day began (the day-start step, once per person and day:
 * docs/decisions/259-the-day-begins-on-the-server.md): in the same batch, yesterday's occurrences
 * are closed and today's are made (docs/decisions/281-one-occurrence-made-at-day-start.md), after
 * undoing a day start that ran for a later date (docs/decisions/325-a-day-begun-ahead-is-undone.md).
 * Wired once in worker/change-subscribers.ts.
 */
export const routinesSubscriber: ChangeSubscriber = (events, { db, user, now }) =>
  events.flatMap((event) =>
    event.type === "day-began"
      ? [
          ...undoLaterDaysStatements(db, user, event.date),
          ...closeEarlierDaysStatements(db, user.id, event.date),
          ...makeOccurrencesStatements(db, user.id, event.date, now),
        ]
      : [],
  );
