/**
 * Generic row writes shared by every path (table API, sync push, seed, jobs, integrations):
 * each write takes the next value of the one global version counter and stamps updated_at in
 * the caller's transaction, and deletes leave a tombstone, so that pulls see every change.
 * Synchronous on purpose: better-sqlite3 transactions must not await.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableColumns } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { counters } from '../../../shared/schema/tables';
import type { TableDef } from '../../../shared/registry';
import type { Db } from './index';

export type Row = Record<string, unknown>;
/** A database handle or an open transaction: both run the same synchronous queries. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'run' | 'get' | 'all'>;

export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

export function newId(): string {
  return uuidv7();
}

type VersionStatement = { get: (values: { n: number }) => { value: number } | undefined };
/** The counter upsert, built and compiled once per connection (it runs on every write). */
const versionStatements = new WeakMap<object, VersionStatement>();

/**
 * The better-sqlite3 connection behind a database handle or a transaction: a statement compiled
 * for it runs in any transaction on that connection, so caches are keyed by it rather than by the
 * short-lived transaction object.
 */
export function connectionOf(tx: Tx): object {
  const handle = tx as unknown as { $client?: object; session?: { client?: object } };
  return handle.$client ?? handle.session?.client ?? tx;
}

/**
 * Reserves `n` consecutive values of the global version counter (architecture.md §2) and returns
 * the last one: the reserved range is `last - n + 1 … last`.
 */
export function reserveVersions(tx: Tx, n: number): number {
  const connection = connectionOf(tx);
  let stmt = versionStatements.get(connection);
  if (!stmt) {
    const amount = sql.placeholder('n');
    stmt = tx
      .insert(counters)
      .values({ name: 'version', value: amount })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${amount}` } })
      .returning({ value: counters.value })
      .prepare() as unknown as VersionStatement;
    versionStatements.set(connection, stmt);
  }
  const row = stmt.get({ n });
  if (!row) throw new Error('The version counter could not be advanced');
  return row.value;
}

/** The next value of the global version counter. */
export function nextVersion(tx: Tx): number {
  return reserveVersions(tx, 1);
}

export function currentVersion(tx: Tx): number {
  const row = tx.select({ value: counters.value }).from(counters).where(eq(counters.name, 'version')).get();
  return row?.value ?? 0;
}

export function columnsOf(def: TableDef): Record<string, SQLiteColumn> {
  return getTableColumns(def.table) as Record<string, SQLiteColumn>;
}

export function keyColumn(def: TableDef): SQLiteColumn {
  const col = columnsOf(def)[def.key];
  if (!col) throw new Error(`Table ${def.name} has no key column ${def.key}`);
  return col;
}

function deletedColumn(def: TableDef): SQLiteColumn | undefined {
  return columnsOf(def).deleted_at;
}

/** Reads one row by key; tombstoned rows only when asked. */
export function getRow(tx: Tx, def: TableDef, id: string, opts: { includeDeleted?: boolean } = {}): Row | undefined {
  const deleted = deletedColumn(def);
  const where = deleted && !opts.includeDeleted ? and(eq(keyColumn(def), id), isNull(deleted)) : eq(keyColumn(def), id);
  return tx.select().from(def.table).where(where).get() as Row | undefined;
}

/** Inserts a row with a fresh version; the id is kept when given (client-made ids). */
export function insertRow(tx: Tx, def: TableDef, values: Row, now: Date = new Date()): Row {
  const row: Row = { ...values, [def.key]: values[def.key] ?? newId(), version: nextVersion(tx), updated_at: nowIso(now) };
  return tx.insert(def.table as SQLiteTable).values(row as never).returning().get() as Row;
}

/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit for our widest table. */
const INSERT_CHUNK = 200;

/**
 * Inserts many rows with one version reservation and multi-row INSERTs (imports, seeds): the same
 * result as insertRow in a loop, without per-row statement building.
 */
export function insertRows(tx: Tx, def: TableDef, values: Row[], now: Date = new Date()): Row[] {
  if (values.length === 0) return [];
  const last = reserveVersions(tx, values.length);
  const first = last - values.length + 1;
  const stamp = nowIso(now);
  const rows: Row[] = values.map((v, i) => ({ ...v, [def.key]: v[def.key] ?? newId(), version: first + i, updated_at: stamp }));
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    out.push(...(tx.insert(def.table as SQLiteTable).values(chunk as never[]).returning().all() as Row[]));
  }
  return out;
}

/** Updates a live row's fields with a fresh version; undefined when there is no such live row. */
export function updateRow(tx: Tx, def: TableDef, id: string, values: Row, now: Date = new Date()): Row | undefined {
  const deleted = deletedColumn(def);
  const where = deleted ? and(eq(keyColumn(def), id), isNull(deleted)) : eq(keyColumn(def), id);
  const set: Row = { ...values, version: nextVersion(tx), updated_at: nowIso(now) };
  delete set[def.key];
  return tx.update(def.table as SQLiteTable).set(set as never).where(where).returning().get() as Row | undefined;
}

/** Leaves a tombstone (deleted_at + fresh version) so that clients learn of the delete. */
export function tombstoneRow(tx: Tx, def: TableDef, id: string, now: Date = new Date()): Row | undefined {
  return updateRow(tx, def, id, { deleted_at: nowIso(now) }, now);
}
