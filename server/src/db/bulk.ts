/**
 * Set-based writes for imports and rebuilds: many rows of one table through one prepared
 * better-sqlite3 statement, compiled once per connection, instead of a drizzle query built per row
 * (or per multi-row chunk). The rows written are those insertRow would write, row for row: every
 * column bound (the value given, else the column's default, else null) with the column's own
 * encoder (cents, 0/1, JSON) and amounts in the row's currency through the money codec, each row taking its own value of the global version counter from one
 * range reserved through db/write.ts, and updated_at = now. So pulls see every row.
 *
 * Synchronous: call inside the caller's `db.transaction`.
 */
import type Database from 'better-sqlite3';
import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { TableDef } from '../../../shared/registry';
import { connectionOf, newId, nowIso, reserveVersions, type Row, type Tx } from './write';
import { recordChange } from './changes';
import { rowFromStore, rowToStore } from '../../../shared/schema/money-codec';

type Column = SQLiteColumn & { default?: unknown; defaultFn?: () => unknown; shouldDisableInsert(): boolean };

type InsertPlan = {
  /** Property name and column, in the statement's parameter order. */
  columns: (readonly [string, Column])[];
  statement: Database.Statement;
};

const insertPlans = new WeakMap<object, Map<string, InsertPlan>>();

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function databaseOf(tx: Tx): Database.Database {
  const connection = connectionOf(tx) as Partial<Database.Database>;
  if (typeof connection.prepare !== 'function') throw new Error('bulk writes need a better-sqlite3 connection');
  return connection as Database.Database;
}

function insertPlan(tx: Tx, table: SQLiteTable): InsertPlan {
  const connection = connectionOf(tx);
  let plans = insertPlans.get(connection);
  if (!plans) {
    plans = new Map();
    insertPlans.set(connection, plans);
  }
  const name = getTableName(table);
  const cached = plans.get(name);
  if (cached) return cached;
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>).filter(([, column]) => !column.shouldDisableInsert());
  for (const [key, column] of columns) {
    // insertRow lets SQLite evaluate such defaults; bound values cannot reproduce them.
    if (is(column.default, SQL)) throw new Error(`bulk insert: ${name}.${key} has an SQL default`);
  }
  const sqlText = `INSERT INTO ${quote(name)} (${columns.map(([, c]) => quote(c.name)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  const plan: InsertPlan = { columns, statement: databaseOf(tx).prepare(sqlText) };
  plans.set(name, plan);
  return plan;
}

/** The value drizzle binds for a column: given, else the column default, else its default function. */
function valueFor(column: Column, given: unknown): unknown {
  if (given !== undefined) return given;
  if (column.default !== undefined && column.default !== null) return column.default;
  if (column.defaultFn) return column.defaultFn();
  return null;
}

/**
 * Inserts `values` into `def`'s table (the key kept when given, else a fresh id) and answers the
 * stored rows as `insertRow` answers them (decoded by the columns' own decoders), in order.
 */
export function insertRowsBulk(tx: Tx, def: TableDef, values: readonly Row[], now: Date = new Date()): Row[] {
  if (values.length === 0) return [];
  const plan = insertPlan(tx, def.table as SQLiteTable);
  const last = reserveVersions(tx, values.length);
  const first = last - values.length + 1;
  const at = nowIso(now);
  const params: unknown[] = new Array<unknown>(plan.columns.length);
  const connection = connectionOf(tx);
  const table = def.table as SQLiteTable;
  return values.map((v, n) => {
    const row = rowToStore(table, { ...v, [def.key]: v[def.key] ?? newId(), version: first + n, updated_at: at });
    let stored: Row = {};
    plan.columns.forEach(([key, column], i) => {
      const value = valueFor(column, row[key]);
      const bound = value === null ? null : column.mapToDriverValue(value);
      params[i] = bound;
      stored[key] = bound === null ? null : column.mapFromDriverValue(bound);
    });
    plan.statement.run(params);
    stored = rowFromStore(table, stored);
    recordChange(connection, def, String(stored[def.key]), 'create', stored);
    return stored;
  });
}
