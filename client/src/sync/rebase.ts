/**
 * Rebase: what the screen shows for a row is the server's state of it with
 * the mutations still waiting replayed on top, in seq order. The server state of a row with
 * waiting mutations is kept in `base`; a row without any has no base, and its stored row is the
 * server's. Replaying applies the same status rule as the server, so that an older offline edit
 * never shows a task reopened that the server has completed.
 */
import { applyChecklistOps, type ChecklistItem, type ChecklistOp } from '../../../shared/checklist';
import { TASK_STATUSES, type Role } from '../../../shared/enums';
import { isTaskStatusMoveAllowed, type TaskStatus } from '../../../shared/sync';
import type { StaykeepDb } from '../db/db';
import { SYNCED_TABLES, syncedTableName, type LocalRow, type OutboxEntry, type SyncedTableId } from '../db/schema';

export type RowKey = [table: SyncedTableId, rowId: string];

/** Sync columns a row made on this device starts with until the server's copy arrives. */
const NEW_ROW = { version: 0, updated_at: null, deleted_at: null } as const;

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

/**
 * The fields of an update that may apply over `row`: a task status that would move backwards
 * for this role is left out (the server would refuse it), the other fields stay.
 */
export function allowedFields(row: LocalRow, table: SyncedTableId, fields: Record<string, unknown>, role: Role): Record<string, unknown> {
  if (table !== SYNCED_TABLES.housekeeping_tasks || !('task_status' in fields)) return fields;
  const from = row.task_status;
  const to = fields.task_status;
  if (!isTaskStatus(from) || !isTaskStatus(to) || isTaskStatusMoveAllowed(from, to, role)) return fields;
  const { task_status: _dropped, ...rest } = fields;
  return rest;
}

/**
 * An update's fields over a row. Checklist changes by item (`checklist_ops`) are applied to the
 * row's list as it is, as the server applies them (shared/checklist.ts): replayed over a newer
 * server row, they keep what the other side changed meanwhile.
 */
function updatedRow(row: LocalRow, fields: Record<string, unknown>, rowId: string): LocalRow {
  const { checklist_ops: ops, ...rest } = fields;
  const next: LocalRow = { ...row, ...rest, id: rowId };
  if (Array.isArray(ops)) next.checklist_items = applyChecklistOps(next.checklist_items as ChecklistItem[] | undefined, ops as ChecklistOp[]).items;
  return next;
}

/** One mutation over a row (null: the row does not exist). */
export function applyMutation(row: LocalRow | null, m: Pick<OutboxEntry, 'table' | 'op' | 'rowId' | 'fields'>, role: Role): LocalRow | null {
  switch (m.op) {
    case 'create':
      return { ...NEW_ROW, ...(row ?? {}), ...m.fields, id: m.rowId };
    case 'update':
      return row ? updatedRow(row, allowedFields(row, m.table, m.fields, role), m.rowId) : null;
    case 'delete':
      return null;
  }
}

/** The server's row with the waiting mutations (sorted by seq) replayed on top. */
export function replay(base: LocalRow | null, pending: readonly OutboxEntry[], role: Role): LocalRow | null {
  return pending.reduce<LocalRow | null>((row, m) => applyMutation(row, m, role), base);
}

/** Whether two stored states of a row are the same (both absent, or equal field for field as stored). */
export function sameRow(a: LocalRow | null | undefined, b: LocalRow | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function keyOf(m: Pick<OutboxEntry, 'table' | 'rowId'>): string {
  return `${m.table}|${m.rowId}`;
}

/** The waiting mutations of one row, in seq order. */
export async function pendingOf(db: StaykeepDb, table: SyncedTableId, rowId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[table+rowId]').equals([table, rowId]).sortBy('seq');
}

/** Writes what the screen should show for a row: the row, or nothing. */
export async function writeView(db: StaykeepDb, table: SyncedTableId, rowId: string, row: LocalRow | null): Promise<void> {
  const name = syncedTableName(table);
  if (!name) return;
  if (row) await db.rows(name).put(row);
  else await db.rows(name).delete(rowId);
}

/**
 * Recomputes the shown row of each key from its base and its waiting mutations, and forgets the
 * base of a row with none left (its shown row is then the server's). Runs inside the caller's
 * transaction, which must cover the synced tables, `outbox` and `base`.
 */
export async function rebaseRows(db: StaykeepDb, keys: Iterable<RowKey>, role: Role): Promise<void> {
  for (const [table, rowId] of keys) {
    const base = await db.base.get([table, rowId]);
    if (!base) continue;
    const pending = await pendingOf(db, table, rowId);
    await writeView(db, table, rowId, replay(base.row, pending, role));
    if (pending.length === 0) await db.base.delete([table, rowId]);
  }
}
