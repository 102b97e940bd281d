/**
 * Column facts of a registry table, computed once per table: how each column is filtered and
 * decoded, which fields the entity schema takes on create and update, and which flags a client may
 * echo back. The table API's page reads and the write pipeline both use them.
 */
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { tableById, type TableDef } from '../../../shared/registry';
import { NotFound } from '../errors';
import { hasHiddenColumns, redactionFlags } from '../policy';
import { columnsOf, keyColumn } from './write';
import { currencyAmountsOf, type CurrencyAmounts } from '../../../shared/schema/money-codec';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * How a filter value is checked. Checked values then go through the column's own encoder
 * (money: units → cents; booleans: 1/0), since placeholders are filled raw.
 */
export type ColumnKind = 'text' | 'integer' | 'real' | 'money' | 'boolean' | 'json' | 'other';

export type ColumnMeta = {
  column: SQLiteColumn;
  kind: ColumnKind;
  nullable: boolean;
  /** False for secret and JSON columns: they are neither filtered nor ordered by. */
  queryable: boolean;
};

export type TableMeta = {
  columns: ReadonlyMap<string, ColumnMeta>;
  key: SQLiteColumn;
  deleted: SQLiteColumn | undefined;
  createFields: ReadonlySet<string>;
  updateFields: ReadonlySet<string>;
  /** `<col>_set` flags of hidden columns: a client sending a row back may carry them. */
  flags: ReadonlySet<string>;
  hidden: boolean;
  /** Columns whose stored value differs from the row's (USD cents, 0/1, JSON text). */
  decoded: readonly (readonly [string, SQLiteColumn])[];
  /** Amounts in the row's currency (shared/schema/money-codec.ts), decoded by the row, not the column. */
  amounts: CurrencyAmounts | undefined;
};

function kindOf(column: SQLiteColumn): ColumnKind {
  switch (column.columnType) {
    case 'SQLiteText':
      return 'text';
    case 'SQLiteInteger':
      return 'integer';
    case 'SQLiteReal':
      return 'real';
    case 'SQLiteBoolean':
      return 'boolean';
    case 'SQLiteTextJson':
      return 'json';
    case 'SQLiteCustomColumn':
      // The one custom column type of the schema is money (integer cents).
      return column.getSQLType() === 'integer' ? 'money' : 'other';
    default:
      return 'other';
  }
}

const metaCache = new Map<TableDef, TableMeta>();

export function metaOf(def: TableDef): TableMeta {
  const cached = metaCache.get(def);
  if (cached) return cached;
  const columns = new Map<string, ColumnMeta>();
  const decoded: [string, SQLiteColumn][] = [];
  const amounts = currencyAmountsOf(def.table as SQLiteTable);
  for (const [name, column] of Object.entries(columnsOf(def))) {
    // Raw rows are keyed by SQL column name; the schema uses the same names on purpose (one name per field, end to end).
    if (column.name !== name) throw new Error(`${def.name}.${name} is stored as ${column.name}: the table API needs one name`);
    const kind = kindOf(column);
    const inRowCurrency = amounts?.amounts.includes(name) ?? false;
    if ((kind === 'money' && !inRowCurrency) || kind === 'boolean' || kind === 'json' || kind === 'other') decoded.push([name, column]);
    const queryable = kind !== 'json' && kind !== 'other' && !def.secret.includes(name);
    columns.set(name, { column, kind, nullable: !column.notNull, queryable });
  }
  const meta: TableMeta = {
    columns,
    key: keyColumn(def),
    deleted: columns.get('deleted_at')?.column,
    createFields: new Set(Object.keys(def.schemas.create.shape)),
    updateFields: new Set(Object.keys(def.schemas.update.shape)),
    flags: new Set(redactionFlags(def)),
    hidden: hasHiddenColumns(def),
    decoded,
    amounts,
  };
  metaCache.set(def, meta);
  return meta;
}

/** The table a path segment or id addresses (aliases included), or 404. */
export function tableFor(segment: string | number): TableDef {
  const id = typeof segment === 'number' ? segment : /^\d{1,9}$/.test(segment) ? Number(segment) : NaN;
  const def = Number.isInteger(id) ? tableById(id) : undefined;
  if (!def) throw new NotFound(`Unknown table: ${String(segment).slice(0, 50)}`);
  return def;
}
