/**
 * Pushing the outbox (`POST /api/sync/push`, shapes of shared/sync.ts): in seq order, at most MAX_PUSH_MUTATIONS per request, until
 * nothing waits. Each answer is applied in one transaction:
 * - applied: the change is now the server's; it is folded into the row's base.
 * - rejected: kept in `rejections` with the server's reason, and the row falls back to its base
 *   (the server's state) with the other waiting changes on top.
 * - duplicate: the server had this seq already (an earlier answer was lost). Whether that first
 *   attempt applied is unknown here, so the row falls back to its base; the pull that follows
 *   every push brings the server's row if it changed.
 * A request the server refuses as a whole (400) is retried one mutation at a time, so that one
 * malformed mutation is rejected alone instead of blocking the outbox forever.
 */
import type { Role } from '../../../shared/enums';
import { MAX_PUSH_MUTATIONS, type PushResponse, type PushResult } from '../../../shared/sync';
import type { StaykeepDb } from '../db/db';
import { syncedTableName, type OutboxEntry, type Rejection } from '../db/schema';
import { applyMutation, keyOf, replay, sameRow, writeView, type RowKey } from './rebase';
import { ApiError } from '../api/http';
import { afterLocalWrites } from './write-gate';
import type { SyncTransport } from './transport';
import { PERF, timed } from './perf';

export type PushContext = {
  clientId: string;
  role: Role;
  now?: () => Date;
  batchSize?: number;
  /** True once the session has ended: stop before the next request or answer is applied. */
  isStopped?: () => boolean;
  /** The service worker's Background Sync pushes: its refusals are announced when the app next opens. */
  background?: boolean;
};

/** Thrown when a push or pull is stopped mid-way (a sign-out): nothing more is written. */
export class SyncStopped extends Error {
  constructor() {
    super('Sync stopped');
    this.name = 'SyncStopped';
  }
}

export type PushSummary = { sent: number; applied: number; duplicates: number; rejected: Rejection[] };

function toWire(m: OutboxEntry) {
  const wire = { id: m.id, seq: m.seq, table: m.table, op: m.op, rowId: m.rowId, fields: m.fields, at: m.at };
  return m.base ? { ...wire, base: m.base } : wire;
}

/**
 * Applies one push answer to the store: drops every mutation the server has processed (seq at or
 * below `lastSeq`), folds applied ones into their base, records rejections, and rebases the
 * touched rows. Mutations the answer does not cover stay in the outbox.
 *
 * In one transaction of two round trips to the browser's storage (every read at once, then every
 * write at once): a push goes out as soon as the user writes, so the next write often waits for
 * this transaction, and each round trip it holds it longer. A row whose shown state does not
 * change (the usual case: the server applied what the screen shows already) is not written again.
 *
 * With `nextLimit`, also answers the next batch to push (at most that many, in seq order), read
 * with the other reads: the push loop then needs no transaction of its own to find it. Null
 * without.
 */
export async function acknowledge(db: StaykeepDb, sent: readonly OutboxEntry[], response: PushResponse, ctx: PushContext, summary: PushSummary, nextLimit = 0): Promise<OutboxEntry[] | null> {
  const results = new Map<string, PushResult>(response.results.map((r) => [r.id, r]));
  const now = (ctx.now ?? (() => new Date()))().toISOString();
  const covered = sent.filter((m) => m.seq <= response.lastSeq || results.has(m.id));
  const keys = new Map<string, RowKey>(covered.map((m) => [keyOf(m), [m.table, m.rowId]]));
  // Only the tables of the rows these mutations touch: a write elsewhere need not wait.
  const names = new Set(covered.map((m) => syncedTableName(m.table)).filter((name) => name !== undefined));
  // A tap's write under way is stored first (write-gate.ts).
  await afterLocalWrites(db);
  return db.transaction('rw', [...[...names].map((name) => db.rows(name)), db.outbox, db.base, db.rejections], async () => {
    const rowKeys = [...keys.values()];
    const [queued, bases, pendingList, shown, ahead] = await Promise.all([
      db.outbox.bulkGet(covered.map((m) => m.seq)),
      db.base.bulkGet(rowKeys),
      rowKeys.length ? db.outbox.where('[table+rowId]').anyOf(rowKeys).toArray() : [],
      Promise.all(rowKeys.map(([table, rowId]) => {
        const name = syncedTableName(table);
        return name ? db.rows(name).get(rowId) : undefined;
      })),
      // The next batch, read with the rest: at most `covered` of these leave below.
      nextLimit > 0 ? readBatch(db, nextLimit + covered.length) : null,
    ]);
    const base = new Map(rowKeys.map((key, i) => [keyOf({ table: key[0], rowId: key[1] }), bases[i]]));
    const done = new Set<number>();
    const rejections: Rejection[] = [];
    const touched = new Set<string>();
    covered.forEach((m, i) => {
      if (!queued[i]) return;
      const result = results.get(m.id);
      if (result?.status === 'applied') {
        summary.applied += 1;
        const entry = base.get(keyOf(m));
        if (entry) base.set(keyOf(m), { ...entry, row: applyMutation(entry.row, m, ctx.role) });
      } else if (result?.status === 'rejected') {
        const rejection: Rejection = {
          id: m.id,
          table: m.table,
          op: m.op,
          rowId: m.rowId,
          fields: m.fields,
          at: m.at,
          rejectedAt: now,
          error: result.error ?? 'The server refused this change',
        };
        if (result.code !== undefined) rejection.code = result.code;
        if (ctx.background) rejection.background = true;
        rejections.push(rejection);
        summary.rejected.push(rejection);
      } else {
        summary.duplicates += 1;
      }
      done.add(m.seq);
      touched.add(keyOf(m));
    });
    const writes: Promise<unknown>[] = [db.outbox.bulkDelete([...done]), db.rejections.bulkPut(rejections)];
    rowKeys.forEach(([table, rowId], i) => {
      const key = keyOf({ table, rowId });
      const entry = base.get(key);
      if (!touched.has(key) || !entry) return;
      const pending = pendingList.filter((m) => m.table === table && m.rowId === rowId && !done.has(m.seq)).sort((a, b) => a.seq - b.seq);
      const view = replay(entry.row, pending, ctx.role);
      if (!sameRow(view, shown[i])) writes.push(writeView(db, table, rowId, view));
      writes.push(pending.length === 0 ? db.base.delete([table, rowId]) : db.base.put(entry));
    });
    await Promise.all(writes);
    return ahead ? ahead.filter((m) => !done.has(m.seq)).slice(0, nextLimit) : null;
  });
}

/** Refuses one mutation locally with the server's reason (it can never be applied). */
async function rejectLocally(db: StaykeepDb, m: OutboxEntry, error: ApiError, ctx: PushContext, summary: PushSummary): Promise<void> {
  const response: PushResponse = { lastSeq: m.seq, results: [{ id: m.id, status: 'rejected', error: error.message, code: error.status }] };
  await acknowledge(db, [m], response, ctx, summary);
}

/** The first `limit` waiting mutations, in seq order. */
function readBatch(db: StaykeepDb, limit: number): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').limit(limit).toArray();
}

/** Pushes until the outbox is empty (or a request fails: the error is thrown, nothing is lost). */
export async function pushOutbox(db: StaykeepDb, transport: SyncTransport, ctx: PushContext): Promise<PushSummary> {
  const summary: PushSummary = { sent: 0, applied: 0, duplicates: 0, rejected: [] };
  const batchSize = Math.min(ctx.batchSize ?? MAX_PUSH_MUTATIONS, MAX_PUSH_MUTATIONS);
  let oneByOne = false;
  let lastFirstSeq = 0;
  // The next batch when the last acknowledgement read it (null: read it now).
  let next: OutboxEntry[] | null = null;
  for (;;) {
    if (ctx.isStopped?.()) throw new SyncStopped();
    const batch = next ?? (await readBatch(db, oneByOne ? 1 : batchSize));
    next = null;
    const first = batch[0];
    if (!first) return summary;
    // A batch that starts where the last one did made no progress: stop rather than spin.
    if (first.seq === lastFirstSeq) throw new ApiError('The server did not process the waiting changes', 500);
    lastFirstSeq = first.seq;
    let response: PushResponse;
    try {
      response = await timed(PERF.pushFetch, () => transport.push({ clientId: ctx.clientId, mutations: batch.map(toWire) }));
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 400) throw err;
      if (batch.length === 1) {
        await rejectLocally(db, first, err, ctx, summary);
        continue;
      }
      oneByOne = true;
      lastFirstSeq = 0;
      continue;
    }
    summary.sent += batch.length;
    // The answer is applied even after a stop: the server has these mutations, the outbox must
    // not. The acknowledgement also reads the next batch: one transaction fewer that a tap's write
    // could queue behind.
    next = await acknowledge(db, batch, response, ctx, summary, oneByOne ? 1 : batchSize);
  }
}
