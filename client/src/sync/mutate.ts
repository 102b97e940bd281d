/**
 * The one way the client writes a synced row (screens reach it through data/use-write.ts): in ONE Dexie transaction
 * the change is applied to the local table (so every live query re-renders) and appended to the
 * outbox as a mutation `{ id: UUIDv7, seq, table, op, rowId, fields, base?, at }`. The engine pushes it
 * later; nothing here needs the network.
 */
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../shared/enums';
import { isTaskStatusMoveAllowed, taskStatusMoveError, type TaskStatus } from '../../../shared/sync';
import type { Table } from 'dexie';
import type { StaykeepDb } from '../db/db';
import { SYNCED_TABLES, syncedTableName, type LocalRow, type OutboxEntry, type SyncedTableId, type SyncedTableName } from '../db/schema';
import { applyMutation, isTaskStatus, sameRow } from './rebase';
import { writeGuesses } from './write-guesses';
import { localWrite } from './write-gate';
import { isStorageFull, storageFullText } from '../db/storage-full';
import type { MessageId, MessageValues } from '../i18n/message-ids';

export type Fields = Record<string, unknown>;

export type WriteRequest =
  | { table: SyncedTableId; op: 'create'; rowId?: string; fields: Fields }
  /**
   * `fields` may be computed from the row as it is inside the transaction (no stale copies).
   * `base`: what the user saw of the fields they changed, when a form was opened before the row
   * last changed on this device (the row as stored otherwise).
   */
  | { table: SyncedTableId; op: 'update'; rowId: string; fields: Fields | ((row: LocalRow) => Fields | null); base?: Fields }
  | { table: SyncedTableId; op: 'delete'; rowId: string };

export type MutateContext = { role: Role; now?: () => Date };

/** A write of one synced row as screens are given it (SyncRuntime.write): the queued mutation, or null when nothing changed. */
export type Write = (request: WriteRequest) => Promise<OutboxEntry | null>;

/**
 * A write the client refuses before it reaches the outbox; the message is for the user. `text`
 * names it in the catalogs, so that a screen shows it in the reader's language (data/write-failure.ts);
 * the English message stays for the service worker and logs, which load no catalog.
 */
export class WriteRefused extends Error {
  constructor(
    message: string,
    readonly text?: { id: MessageId; values?: MessageValues },
  ) {
    super(message);
    this.name = 'WriteRefused';
  }
}

/** What a form tells the user when a write failed: the refusal's own words, else that the device could not keep it. */
export function writeFailureText(error: unknown, what = 'This change'): string {
  if (error instanceof WriteRefused) return error.message;
  return isStorageFull(error) ? storageFullText(what) : `${what} could not be saved on this device.`;
}

/** A status as a word inside a sentence ("already in progress"). */
const TASK_STATUS_WORD: Record<TaskStatus, MessageId> = {
  pending: 'write.status.pending',
  in_progress: 'write.status.inProgress',
  completed: 'write.status.completed',
  cancelled: 'write.status.cancelled',
};

/** shared/sync.ts `taskStatusMoveError` as a message of the catalogs (its status words are messages too). */
function statusMoveText(from: TaskStatus, to: TaskStatus): { id: MessageId; values: MessageValues } {
  const final = from === 'completed' || from === 'cancelled';
  return { id: final ? 'write.statusFinal' : 'write.statusBack', values: { from: TASK_STATUS_WORD[from], to: TASK_STATUS_WORD[to] } };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Only the fields that change the row: an update that changes nothing is not sent. */
function changedFields(row: LocalRow, fields: Fields): Fields {
  const out: Fields = {};
  for (const [name, value] of Object.entries(fields)) if (!sameValue(row[name], value)) out[name] = value;
  return out;
}

/** What a write is computed from: the row as stored and the last seq given out. */
type Basis = { current: LocalRow | null; lastSeq: number };

/** What one write puts in the store, worked out from a Basis (null: the write changes nothing). */
type Plan = { entry: OutboxEntry; next: LocalRow | null; current: LocalRow | null };

/**
 * Works out a write from its basis: the one rule of every path below. Throws WriteRefused for an
 * update of a row this device does not have, or a task status that may not move that way.
 */
/**
 * The author's base of an update (shared/sync.ts `base`): what the user saw of each changed field.
 * Changes by item (`checklist_ops`) carry their own ids and need none.
 */
function baseOf(current: LocalRow, fields: Fields, given: Fields | undefined): Fields {
  const base: Fields = {};
  for (const name of Object.keys(fields)) {
    if (name === 'checklist_ops') continue;
    const value = given && name in given ? given[name] : current[name];
    base[name] = value === undefined ? null : value;
  }
  return base;
}

function planWrite(request: WriteRequest, rowId: string, basis: Basis, ctx: MutateContext): Plan | null {
  const { current } = basis;
  let fields: Fields = {};
  let base: Fields | undefined;
  if (request.op === 'create') {
    fields = { ...request.fields };
    delete fields.id;
  } else if (request.op === 'update') {
    if (!current) throw new WriteRefused('This item is no longer on this device; it may have been deleted or moved.', { id: 'write.gone' });
    const wanted = typeof request.fields === 'function' ? request.fields(current) : request.fields;
    if (!wanted) return null;
    fields = changedFields(current, wanted);
    delete fields.id;
    if (Object.keys(fields).length === 0) return null;
    base = baseOf(current, fields, request.base);
    if (request.table === SYNCED_TABLES.housekeeping_tasks && 'task_status' in fields) {
      const from = current.task_status;
      const to = fields.task_status;
      if (isTaskStatus(from) && isTaskStatus(to) && !isTaskStatusMoveAllowed(from, to, ctx.role)) throw new WriteRefused(taskStatusMoveError(from, to), statusMoveText(from, to));
    }
  } else if (!current) {
    return null;
  }
  const now = ctx.now ?? (() => new Date());
  const entry: OutboxEntry = { id: uuidv7(), seq: basis.lastSeq + 1, table: request.table, op: request.op, rowId, fields, at: now().toISOString() };
  if (base && Object.keys(base).length > 0) entry.base = base;
  return { entry, next: applyMutation(current, entry, ctx.role), current };
}

/** The guess did not hold: the transaction is rolled back and the write planned from what is stored. */
class StaleGuess extends Error {}

/**
 * Applies a write locally and queues it. Answers the queued mutation, or null when the write
 * changes nothing. Throws WriteRefused for an update of a row this device does not have, or a
 * task status that may not move that way for this role (the server's rule, shared/sync.ts).
 *
 * A write is one transaction, and each round trip to the browser's storage is what it waits on
 * (after a tap, Chromium even holds storage answers until the tap's frame is painted). So when
 * this tab holds the row in its in-memory mirror and knows the last seq it gave out, the write
 * is planned from those and its reads and writes go out together; when the reads come back the
 * transaction checks that they are what the plan assumed, and rolls itself back when they are
 * not (another tab or the service worker wrote meanwhile), after which the write is planned
 * again from the store: read, then write.
 */
export function mutate(db: StaykeepDb, request: WriteRequest, ctx: MutateContext): Promise<OutboxEntry | null> {
  return localWrite(db, () => mutateNow(db, request, ctx));
}

async function mutateNow(db: StaykeepDb, request: WriteRequest, ctx: MutateContext): Promise<OutboxEntry | null> {
  const name = syncedTableName(request.table);
  if (!name) throw new WriteRefused(`Table ${request.table} is not kept on this device`);
  const rowId = request.op === 'create' ? (request.rowId ?? uuidv7()) : request.rowId;
  const g = writeGuesses(db);
  const mirrored = db.mirror.state(name);
  let plan: Plan | null = null;
  if (g.lastSeq !== null && mirrored.status === 'ready') {
    try {
      plan = planWrite(request, rowId, { current: mirrored.rows.get(rowId) ?? null, lastSeq: g.lastSeq }, ctx);
    } catch {
      plan = null; // a refusal is confirmed against the store below
    }
  }
  let entry: OutboxEntry | null = null;
  if (plan) {
    try {
      entry = await writePlanned(db, name, plan);
      g.planned += 1;
    } catch (error) {
      if (!(error instanceof StaleGuess)) throw error;
      g.replanned += 1;
      plan = null;
    }
  }
  if (!plan) entry = await readThenWrite(db, name, request, rowId, ctx);
  if (entry) g.lastSeq = entry.seq;
  return entry;
}

/**
 * The writes of a plan, all at once, inside the caller's transaction. The first waiting mutation
 * of a row keeps the server's state of it (its base, for rebase and rejection): an `add` that
 * leaves an existing base as it is (a caught failure does not abort a Dexie transaction).
 */
function issueWrites(db: StaykeepDb, table: Table<LocalRow, string>, { entry, next, current }: Plan): Promise<unknown> {
  return Promise.all([
    db.base.add({ table: entry.table, rowId: entry.rowId, row: current }).catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'ConstraintError')) throw error;
    }),
    db.setMeta('seq', entry.seq),
    db.outbox.add(entry),
    next ? table.put(next) : table.delete(entry.rowId),
  ]);
}

/** The last seq given out, as stored (the outbox's last entry guards a store from before `meta.seq`). */
function storedLastSeq(db: StaykeepDb): Promise<number> {
  return Promise.all([db.outbox.orderBy('seq').last(), db.getMeta('seq')]).then(([last, seq]) => Math.max(seq ?? 0, last?.seq ?? 0));
}

/** The planned write, with the checks of its plan, in one round trip. */
function writePlanned(db: StaykeepDb, name: SyncedTableName, plan: Plan): Promise<OutboxEntry> {
  const table = db.rows(name);
  const { entry, current } = plan;
  return db.transaction('rw', [table, db.outbox, db.base, db.meta], async () => {
    // Reads first: IndexedDB answers the requests of a transaction in order, so they see the store as it was.
    // Only meta's seq: every write of every context sets it (issueWrites), and a plan exists only
    // after a write of this tab, so it is there; the outbox's last entry guards older stores (readThenWrite).
    const reads = Promise.all([table.get(entry.rowId), db.getMeta('seq').then((seq) => seq ?? 0)]);
    const writes = issueWrites(db, table, plan);
    // A failed guess aborts the transaction, which fails these requests too: that is expected.
    writes.catch(() => undefined);
    const [stored, lastSeq] = await reads;
    if (!sameRow(stored, current) || lastSeq + 1 !== entry.seq) throw new StaleGuess();
    await writes;
    return entry;
  });
}

/** The write planned from the store: read, then write, in one transaction. */
function readThenWrite(db: StaykeepDb, name: SyncedTableName, request: WriteRequest, rowId: string, ctx: MutateContext): Promise<OutboxEntry | null> {
  const table = db.rows(name);
  return db.transaction('rw', [table, db.outbox, db.base, db.meta], async () => {
    const [stored, lastSeq] = await Promise.all([table.get(rowId), storedLastSeq(db)]);
    const plan = planWrite(request, rowId, { current: stored ?? null, lastSeq }, ctx);
    if (!plan) return null;
    await issueWrites(db, table, plan);
    return plan.entry;
  });
}
