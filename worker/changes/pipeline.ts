import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { abortedBy, isForeignKeyViolation } from "../db/batch-guard";
import type { Db } from "../db/client";
import { personRowPresent } from "../db/person-row-present";
import type { ChangeEvent } from "./events";

/*
 * The one path of a change (docs/decisions/250-one-home-for-a-change.md): the guards, the change's
 * own statements, the statements its events make other capabilities add (the subscribers, wired
 * once in worker/change-subscribers.ts), what the caller reads back, as ONE D1 batch (one
 * transaction: all of it or nothing); then the person's hub is told the change's events, once
 * (docs/decisions/381-one-message-from-a-change-to-the-hub.md). worker/changes/request.ts runs it for a request, after the session check; the hub runs
 * it for what it does on its own.
 */

type Statement = BatchItem<"sqlite">;
type Statements = readonly Statement[];

/** Whose change: their id, and the zone and start hour that decide their day (04:00 when not given). */
export type ChangeUser = { id: string; timeZone: string; dayStartHour?: number };

/** What a subscriber is given besides the events. */
export type ChangeContext = { db: Db; user: ChangeUser; now: Date };

/**
 * A capability's part in other capabilities' changes: the statements it adds for these events
 * (none for events it does not follow). They run in the same batch, after the change's own.
 */
export type ChangeSubscriber = (events: readonly ChangeEvent[], at: ChangeContext) => Statements;

/**
 * A check a read made that must still hold when the batch runs: `statement` is an abortBatchIf on
 * `table` (worker/db/batch-guard.ts), sent first, which fails the whole batch when it no longer holds.
 */
export type Guard = { table: SQLiteTable; statement: Statement };

/** A change as its capability describes it. */
export type Change<S extends Statements = Statements, R extends Statements = []> = {
  guards?: readonly Guard[];
  /** The change's own statements, in order; their results come back in `results`. None: nothing is done. */
  statements: S;
  events: readonly ChangeEvent[];
  /**
   * Events only the batch's results can name (the sessions a delete signed out, the settings an
   * update stored): announced with `events` once the batch has committed. No subscriber follows
   * them: the subscribers' statements were in the batch already.
   */
  eventsAfter?: (committed: Committed<S, R>) => readonly ChangeEvent[];
  /** Reads sent last, after every write of the batch (the answer's rows); their results come back in `reads`. */
  reads?: R;
  /**
   * Whether the batch changed anything, from its results (say, an update that matched no row):
   * when false nothing is announced. Without it, a committed change always is.
   */
  changed?: (committed: Committed<S, R>) => boolean;
};

type ResultsOf<T extends Statements> = { -readonly [K in keyof T]: Awaited<T[K]> };

/** The results of a committed change: its own statements', then its reads'. */
export type Committed<S extends Statements, R extends Statements> = { results: ResultsOf<S>; reads: ResultsOf<R> };

/** Where a change runs: the database, whose it is, its instant, who adds to it and who is told. */
export type ChangeScope = ChangeContext & {
  subscribers: readonly ChangeSubscriber[];
  /** Tells the person's hub (and through it every open device) the change's events once the batch has committed. */
  announce: (events: readonly ChangeEvent[]) => Promise<void>;
  /**
   * What a batch that failed because the person's own row is gone throws, instead of the database's
   * error or the answer of a guard's abort: their account was deleted after the change's session
   * check, so for a request the session has ended (a 401, worker/changes/request.ts).
   */
  whenPersonGone?: () => Error;
};

export type CommitOptions = {
  /**
   * A guard stopped the batch (nothing was written): throw the answer (say a 404 after reading
   * again), or return to build the change once more (`attempt` counts from 1). Without it, the
   * batch's error is thrown.
   */
  whenAborted?: (aborted: { table: SQLiteTable; attempt: number; error: unknown }) => Promise<void> | void;
};

/** The statements the subscribers add for these events, in the order they are wired. */
function subscriberStatements(scope: Pick<ChangeScope, "subscribers"> & ChangeContext, events: readonly ChangeEvent[]) {
  return scope.subscribers.flatMap((subscriber) => subscriber(events, scope));
}

/**
 * A change's statements in the order its batch sends them: the guards, its own statements, the
 * subscribers' statements for its events, its reads. Anything after a guard commits only with it.
 */
export function batchOf(
  scope: Pick<ChangeScope, "subscribers"> & ChangeContext,
  change: Pick<Change<Statements, Statements>, "guards" | "statements" | "events" | "reads">,
): Statement[] {
  const guards = (change.guards ?? []).map((guard) => guard.statement);
  return [...guards, ...change.statements, ...subscriberStatements(scope, change.events), ...(change.reads ?? [])];
}

/**
 * Runs a change: `build(attempt)` gives it (again after a guard's abort, when `whenAborted`
 * returns), the batch commits it with its subscribers' statements, and the hub is told.
 */
export async function commitChange<const S extends Statements, const R extends Statements = []>(
  scope: ChangeScope,
  build: (attempt: number) => Change<S, R> | Promise<Change<S, R>>,
  options: CommitOptions = {},
): Promise<Committed<S, R>> {
  for (let attempt = 1; ; attempt += 1) {
    const change = await build(attempt);
    // Nothing of its own to write (say, a braindump whose lines are all listed already): no batch,
    // no subscriber, nothing told.
    if (change.statements.length === 0) return { results: [], reads: [] } as unknown as Committed<S, R>;
    const guards = change.guards ?? [];
    const reads: Statements = change.reads ?? [];
    const [first, ...rest] = batchOf(scope, change);
    if (!first) throw new Error("a change without statements");
    let results: unknown[];
    try {
      results = await scope.db.batch([first, ...rest]);
    } catch (error) {
      const aborted = change.guards?.find((guard) => abortedBy(error, guard.table));
      const gone = await personGoneError(scope, error, aborted !== undefined);
      if (gone) throw gone;
      if (!aborted || !options.whenAborted) throw error;
      await options.whenAborted({ table: aborted.table, attempt, error });
      continue;
    }
    const committed = {
      results: results.slice(guards.length, guards.length + change.statements.length),
      reads: results.slice(results.length - reads.length),
    } as unknown as Committed<S, R>;
    const events = [...change.events, ...(change.eventsAfter?.(committed) ?? [])];
    if (events.length > 0 && change.changed?.(committed) !== false) await scope.announce(events);
    return committed;
  }
}

/**
 * The scope's error for a batch that failed because the person's own row is gone from the change's
 * database (an account deleted while the change was on its way): a foreign key of a row it adds
 * names the person's row, or a guard found the rows it checks deleted with it. Nothing of the batch
 * was written. Undefined for any other failure (a foreign key to another row, a guard lost to
 * another change of the person's): one more read, on a failure's path only
 * (docs/decisions/316-a-change-whose-person-is-gone.md).
 */
async function personGoneError(scope: ChangeScope, error: unknown, aborted: boolean): Promise<Error | undefined> {
  if (!scope.whenPersonGone || !(aborted || isForeignKeyViolation(error))) return undefined;
  return (await personRowPresent(scope.db, scope.user.id)) ? undefined : scope.whenPersonGone();
}
