/**
 * The change feed: every write of a synced or feed-watched row is recorded inside its transaction
 * (table, row id, operation, owner before and after), and once the transaction has committed the
 * recorded changes are handed, as one batch, to whoever subscribed to the database's feed: the
 * sync poke stream, Web Push, and whatever an integration needs. A rolled-back write (a savepoint
 * of a rejected sync mutation, a failed transaction) hands over nothing.
 *
 * Recording happens in the row writers of db/write.ts and db/bulk.ts (and the few set-based
 * writers that bypass them), so no route, job or integration calls a notifier: writing the row is
 * enough. docs/architecture.md "Change feed" shows the path and says how a PostgreSQL
 * LISTEN/NOTIFY or Redis implementation of `ChangeFeed` slots in when the server runs as several
 * processes.
 *
 * When is "after the commit"? `transact` (db/write.ts) knows when its outermost transaction
 * commits and hands the batch over right then, delivered as a microtask (once the committing code
 * has finished its synchronous work); a rollback of it or of one of its savepoints drops what was
 * recorded inside. A write made outside `transact` (drizzle's `db.transaction`, or a lone
 * statement) is flushed on the next turn of the event loop: a better-sqlite3 transaction cannot
 * span one, so by then it has ended. Subscribers that act on what they are told re-read the
 * database, so a change flushed that way for a rolled-back write costs a needless pull, nothing more.
 */
import type { TableDef } from '../../../shared/registry';

export type ChangeOp = 'create' | 'update' | 'delete';

/** One written row. Plain data (the table by its numeric id) so that a feed can send it between processes. */
export type RowChange = {
  table: number;
  id: string;
  op: ChangeOp;
  /** The row's owner column value (host_id or user_id) before the write, when the writer knew it. */
  ownerBefore?: string | null;
  /** The same after the write, when the writer knew it; null for tables without an owner. */
  ownerAfter?: string | null;
};

/** What one committed transaction changed. */
export type ChangeBatch = {
  changes: readonly RowChange[];
  /**
   * The sync client (clientId) whose push made these changes, if any: its push answer already
   * leads it to pull, so it is not poked for them.
   */
  origin?: string;
};

export type ChangeListener = (batch: ChangeBatch) => void;

/**
 * Where committed changes go. One implementation today, in process; see docs/architecture.md for
 * a multi-process one. `publish` is called once per committed transaction, after the commit.
 */
export interface ChangeFeed {
  publish(batch: ChangeBatch): void;
  subscribe(listener: ChangeListener): () => void;
}

/** Hands each batch to this process's subscribers, in order; a failing subscriber does not stop the others. */
export class InProcessChangeFeed implements ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = (error) => process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'ChangeFeedWarning')) {}

  publish(batch: ChangeBatch): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(batch);
      } catch (error) {
        // The write has committed: a subscriber's failure is reported, never the writer's.
        this.onListenerError(error);
      }
    }
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

/** What one connection has recorded and not yet published. */
type Recorder = {
  feed: ChangeFeed;
  pending: RowChange[];
  origin: string | undefined;
  /** `transact` calls open on this connection. */
  depth: number;
  scheduled: NodeJS.Immediate | null;
};

const recorders = new WeakMap<object, Recorder>();

/**
 * Sends the committed writes on `connection` (a better-sqlite3 connection) to `feed`. Without a
 * feed attached, nothing is recorded (scripts, benchmarks of the services alone).
 */
export function attachChangeFeed(connection: object, feed: ChangeFeed): () => void {
  recorders.set(connection, { feed, pending: [], origin: undefined, depth: 0, scheduled: null });
  return () => {
    const recorder = recorders.get(connection);
    if (recorder?.scheduled) clearImmediate(recorder.scheduled);
    recorders.delete(connection);
  };
}

function flush(recorder: Recorder): void {
  if (recorder.scheduled) {
    clearImmediate(recorder.scheduled);
    recorder.scheduled = null;
  }
  if (recorder.pending.length === 0) return;
  const changes = recorder.pending;
  recorder.pending = [];
  const batch: ChangeBatch = recorder.origin === undefined ? { changes } : { changes, origin: recorder.origin };
  // On a clean stack: the committing code finishes its synchronous work before any subscriber
  // runs (a subscriber that writes, or wakes a sender midway through its own bookkeeping, would
  // otherwise re-enter it).
  queueMicrotask(() => recorder.feed.publish(batch));
}

function ownerOf(def: TableDef, row: Readonly<Record<string, unknown>> | undefined): string | null | undefined {
  if (!def.owner) return null;
  if (!row || !(def.owner in row)) return undefined;
  const value = row[def.owner];
  return value === null || value === undefined ? null : String(value);
}

/**
 * Records a write of `def`'s row `id` on this connection. `after` is the row as written (or the
 * fields written), `before` the row before it, when the writer has them: they name the owner.
 */
export function recordChange(
  connection: object,
  def: TableDef,
  id: string,
  op: ChangeOp,
  after?: Readonly<Record<string, unknown>>,
  before?: Readonly<Record<string, unknown>>,
): void {
  const recorder = recorders.get(connection);
  if (!recorder) return;
  const change: RowChange = { table: def.id, id, op };
  const ownerAfter = ownerOf(def, after);
  if (ownerAfter !== undefined) change.ownerAfter = ownerAfter;
  const ownerBefore = ownerOf(def, before);
  if (ownerBefore !== undefined) change.ownerBefore = ownerBefore;
  recorder.pending.push(change);
  // Outside `transact` nothing else will flush: the next turn of the event loop does (see above).
  if (recorder.depth === 0 && !recorder.scheduled) recorder.scheduled = setImmediate(() => flush(recorder));
}

/**
 * Runs `work` as one level of `transact` on `connection`: what it records is dropped if it
 * throws, and published once the outermost level has committed. `inTransaction` tells whether
 * the connection is still inside a transaction of someone else's (then that one's end flushes,
 * on the next turn of the event loop).
 */
export function trackTransaction<T>(connection: object, inTransaction: () => boolean, work: () => T): T {
  const recorder = recorders.get(connection);
  if (!recorder) return work();
  const mark = recorder.pending.length;
  recorder.depth += 1;
  let result: T;
  try {
    result = work();
  } catch (error) {
    recorder.pending.length = Math.min(recorder.pending.length, mark);
    throw error;
  } finally {
    recorder.depth -= 1;
  }
  if (recorder.depth === 0) {
    if (!inTransaction()) flush(recorder);
    else if (recorder.pending.length > 0 && !recorder.scheduled) recorder.scheduled = setImmediate(() => flush(recorder));
  }
  return result;
}

/**
 * Runs `work` with `origin` (a sync clientId) stamped on the batches it publishes. Call it around
 * a whole transaction: the batch published at its commit carries the origin.
 */
export function withChangeOrigin<T>(connection: object, origin: string, work: () => T): T {
  const recorder = recorders.get(connection);
  if (!recorder) return work();
  // Whatever was recorded before belongs to someone else: out first.
  if (recorder.depth === 0) flush(recorder);
  const previous = recorder.origin;
  const mark = recorder.pending.length;
  recorder.origin = origin;
  try {
    return work();
  } catch (error) {
    recorder.pending.length = Math.min(recorder.pending.length, mark);
    throw error;
  } finally {
    // Published with the origin still set, if the work left anything (a drizzle transaction).
    if (recorder.depth === 0) flush(recorder);
    recorder.origin = previous;
  }
}
