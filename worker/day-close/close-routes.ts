import { Hono } from "hono";
import { dayCloseSchema } from "../../shared/schemas/day-close";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { dayState, dayStateQueries } from "../day/day-state";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { readOptionalJson, validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { type CloseInput, closeChange, closeProblem, closeTasksQuery, reopenStatement } from "./close";

/** A close races another change of its tasks at most this many rounds (then the last error stands). */
const MAX_ATTEMPTS = 25;

/**
 * Mounted at /api/day/close: the evening close (docs/decisions/291-the-evening-close.md). The day
 * closed is the person's day at the instant of the request, so a close after midnight but before
 * their start hour closes the evening's day. Both answer the day (GET /api/day's shape), with the
 * Undo of the close's deletes when it made any.
 */
export const dayCloseRoutes = new Hono<AppEnv>()
  .post("/", requireUser, beginDay, applyOnce, validate("json", dayCloseSchema), async (c) => {
    const body = c.req.valid("json");
    const input: CloseInput = {
      note: body.note ?? null,
      moves: body.moves ?? [],
      tomorrowFirst: body.tomorrowFirst ?? null,
    };
    const named = [...input.moves.map((move) => move.id), ...(input.tomorrowFirst ? [input.tomorrowFirst] : [])];
    // The session check and the named tasks in one trip; the close in a second.
    const {
      user,
      data: [firstRows],
      now,
      commit,
    } = await beginChange(c, (db, userId) => [closeTasksQuery(db, userId, named)]);
    const { db } = c.var;
    const date = todayOf(user, now).date;
    let rows = firstRows;
    let undo: ReturnType<typeof closeChange>["undo"] = null;
    const { reads: state } = await commit(
      () => {
        const problem = closeProblem(input, rows);
        if (problem) throw new ApiError(problem.status, problem.message);
        const change = closeChange(db, user, input, rows, date, now);
        undo = change.undo;
        return { ...change, reads: dayStateQueries(db, user.id) };
      },
      {
        // A task to finish or delete changed meanwhile (the same close sent twice at once, another
        // device): read them again and close once more with what is left to do.
        whenAborted: async ({ attempt, error }) => {
          if (attempt >= MAX_ATTEMPTS) throw error;
          rows = await closeTasksQuery(db, user.id, named);
        },
      },
    );
    const ticket = undo as ReturnType<typeof closeChange>["undo"];
    return c.json({
      ...dayState(user, state, now),
      ...(ticket ? { undoToken: ticket.undoToken, undoUntil: ticket.undoUntil } : {}),
    });
  })
  // "Reopen the day": the day's close goes (its note with it); what it moved stays moved.
  .delete("/", requireUser, beginDay, applyOnce, async (c) => {
    const { user, now, commit } = await beginChange(c);
    await readOptionalJson(c);
    const { db } = c.var;
    const { reads: state } = await commit(() => ({
      statements: [reopenStatement(db, user.id, todayOf(user, now).date)],
      events: [{ type: "day-closed" }],
      reads: dayStateQueries(db, user.id),
      changed: ({ results: [removed] }) => removed.length > 0,
    }));
    return c.json(dayState(user, state, now));
  });
