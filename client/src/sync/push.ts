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
import { applyMutation, keyOf, rebaseRows, type RowKey } from './rebase';
import { ApiError } from '../api/http';
import type { SyncTransport } from './transport';

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
 */
export async function acknowledge(db: StaykeepDb, sent: readonly OutboxEntry[], response: PushResponse, ctx: PushContext, summary: PushSummary): Promise<void> {
  const results = new Map<string, PushResult>(response.results.map((r) => [r.id, r]));
  const now = (ctx.now ?? (() => new Date()))().toISOString();
  // Only the tables of the rows these mutations touch: a write elsewhere need not wait.
  const names = new Set(sent.map((m) => syncedTableName(m.table)).filter((name) => name !== undefined));
  await db.transaction('rw', [...[...names].map((name) => db.rows(name)), db.outbox, db.base, db.rejections], async () => {
    const touched = new Map<string, RowKey>();
    for (const m of sent) {
      const result = results.get(m.id);
      if (m.seq > response.lastSeq && !result) continue;
      if (!(await db.outbox.get(m.seq))) continue;
      if (result?.status === 'applied') {
        summary.applied += 1;
        const base = await db.base.get([m.table, m.rowId]);
        if (base) await db.base.put({ ...base, row: applyMutation(base.row, m, ctx.role) });
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
        await db.rejections.put(rejection);
        summary.rejected.push(rejection);
      } else {
        summary.duplicates += 1;
      }
      await db.outbox.delete(m.seq);
      touched.set(keyOf(m), [m.table, m.rowId]);
    }
    await rebaseRows(db, touched.values(), ctx.role);
  });
}

/** Refuses one mutation locally with the server's reason (it can never be applied). */
async function rejectLocally(db: StaykeepDb, m: OutboxEntry, error: ApiError, ctx: PushContext, summary: PushSummary): Promise<void> {
  const response: PushResponse = { lastSeq: m.seq, results: [{ id: m.id, status: 'rejected', error: error.message, code: error.status }] };
  await acknowledge(db, [m], response, ctx, summary);
}

/** Pushes until the outbox is empty (or a request fails: the error is thrown, nothing is lost). */
export async function pushOutbox(db: StaykeepDb, transport: SyncTransport, ctx: PushContext): Promise<PushSummary> {
  const summary: PushSummary = { sent: 0, applied: 0, duplicates: 0, rejected: [] };
  const batchSize = Math.min(ctx.batchSize ?? MAX_PUSH_MUTATIONS, MAX_PUSH_MUTATIONS);
  let oneByOne = false;
  let lastFirstSeq = 0;
  for (;;) {
    if (ctx.isStopped?.()) throw new SyncStopped();
    const batch = await db.outbox.orderBy('seq').limit(oneByOne ? 1 : batchSize).toArray();
    const first = batch[0];
    if (!first) return summary;
    // A batch that starts where the last one did made no progress: stop rather than spin.
    if (first.seq === lastFirstSeq) throw new ApiError('The server did not process the waiting changes', 500);
    lastFirstSeq = first.seq;
    let response: PushResponse;
    try {
      response = await transport.push({ clientId: ctx.clientId, mutations: batch.map(toWire) });
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
    // The answer is applied even after a stop: the server has these mutations, the outbox must not.
    await acknowledge(db, batch, response, ctx, summary);
  }
}
