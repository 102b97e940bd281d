/**
 * The one way the client writes a synced row (architecture.md §1, §4): in ONE Dexie transaction
 * the change is applied to the local table (so every live query re-renders) and appended to the
 * outbox as a mutation `{ id: UUIDv7, seq, table, op, rowId, fields, at }`. The engine pushes it
 * later; nothing here needs the network.
 */
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../shared/enums';
import { isTaskStatusMoveAllowed, taskStatusMoveError } from '../../../shared/sync';
import type { StaykeepDb } from '../db/db';
import { SYNCED_TABLES, syncedTableName, type LocalRow, type OutboxEntry, type SyncedTableId } from '../db/schema';
import { applyMutation, isTaskStatus } from './rebase';

export type Fields = Record<string, unknown>;

export type WriteRequest =
  | { table: SyncedTableId; op: 'create'; rowId?: string; fields: Fields }
  /** `fields` may be computed from the row as it is inside the transaction (no stale copies). */
  | { table: SyncedTableId; op: 'update'; rowId: string; fields: Fields | ((row: LocalRow) => Fields | null) }
  | { table: SyncedTableId; op: 'delete'; rowId: string };

export type MutateContext = { role: Role; now?: () => Date };

/** A write the client refuses before it reaches the outbox; the message is for the user. */
export class WriteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteRefused';
  }
}

/** What a form tells the user when a write failed: the refusal's own words, else that the device could not keep it. */
export function writeFailureText(error: unknown, what = 'This change'): string {
  return error instanceof WriteRefused ? error.message : `${what} could not be saved on this device.`;
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

/**
 * Applies a write locally and queues it. Answers the queued mutation, or null when the write
 * changes nothing. Throws WriteRefused for an update of a row this device does not have, or a
 * task status that may not move that way for this role (the server's rule, shared/sync.ts).
 */
export async function mutate(db: StaykeepDb, request: WriteRequest, ctx: MutateContext): Promise<OutboxEntry | null> {
  const name = syncedTableName(request.table);
  if (!name) throw new WriteRefused(`Table ${request.table} is not kept on this device`);
  const table = db.rows(name);
  const now = ctx.now ?? (() => new Date());
  const rowId = request.op === 'create' ? (request.rowId ?? uuidv7()) : request.rowId;

  const key: [number, string] = [request.table, rowId];
  return db.transaction('rw', [table, db.outbox, db.base, db.meta], async () => {
    // Every read at once, then every write at once: IndexedDB keeps the order of requests within
    // a transaction, and each round trip to the browser's storage is what a write waits on.
    const [stored, base, last, lastSeq] = await Promise.all([table.get(rowId), db.base.get(key), db.outbox.orderBy('seq').last(), db.getMeta('seq')]);
    const current = stored ?? null;
    let fields: Fields = {};
    if (request.op === 'create') {
      fields = { ...request.fields };
      delete fields.id;
    } else if (request.op === 'update') {
      if (!current) throw new WriteRefused('This item is no longer on this device; it may have been deleted or moved.');
      const wanted = typeof request.fields === 'function' ? request.fields(current) : request.fields;
      if (!wanted) return null;
      fields = changedFields(current, wanted);
      delete fields.id;
      if (Object.keys(fields).length === 0) return null;
      if (request.table === SYNCED_TABLES.housekeeping_tasks && 'task_status' in fields) {
        const from = current.task_status;
        const to = fields.task_status;
        if (isTaskStatus(from) && isTaskStatus(to) && !isTaskStatusMoveAllowed(from, to, ctx.role)) throw new WriteRefused(taskStatusMoveError(from, to));
      }
    } else if (!current) {
      return null;
    }

    const seq = Math.max(lastSeq ?? 0, last?.seq ?? 0) + 1;
    const entry: OutboxEntry = { id: uuidv7(), seq, table: request.table, op: request.op, rowId, fields, at: now().toISOString() };
    const next = applyMutation(current, entry, ctx.role);
    await Promise.all([
      // The first waiting mutation of a row keeps the server's state of it, for rebase and rejection.
      base ? null : db.base.put({ table: request.table, rowId, row: current }),
      db.setMeta('seq', seq),
      db.outbox.add(entry),
      next ? table.put(next) : table.delete(rowId),
    ]);
    return entry;
  });
}
