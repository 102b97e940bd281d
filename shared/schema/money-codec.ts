/**
 * The row codec of money in a row's own currency (docs/decisions.md "Money"). A `moneyIn` column
 * (shared/schema/columns.ts) holds integer minor units of the currency its row names (whole yen,
 * cents, thousandths of a dinar); code above the store sees currency units. A column type sees one
 * value, never its row, so the conversion is per row: `rowToStore` before a row is bound,
 * `rowFromStore` after it is read. server/src/db/write.ts, server/src/db/bulk.ts and the table API
 * apply them; raw SQL that reads such a column sums it per currency and converts with `fromMinor`.
 */
import { getTableColumns } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { DEFAULT_CURRENCY, fromMinor, toMinor } from '../money';
import { currencyColumnOf } from './columns';

type Row = Record<string, unknown>;

/** The amounts of a table priced in a row's currency: the currency field and the amount fields. */
export type CurrencyAmounts = { currency: string; amounts: readonly string[] };

const cache = new WeakMap<object, CurrencyAmounts | null>();

/** The `moneyIn` fields of a table and the one currency field they name; undefined when none. */
export function currencyAmountsOf(table: SQLiteTable): CurrencyAmounts | undefined {
  const cached = cache.get(table);
  if (cached !== undefined) return cached ?? undefined;
  const columns = getTableColumns(table) as Record<string, unknown>;
  const amounts: string[] = [];
  const currencies = new Set<string>();
  for (const [field, column] of Object.entries(columns)) {
    const currency = currencyColumnOf(column);
    if (currency === undefined) continue;
    if (!(currency in columns)) throw new Error(`${field} names ${currency}, which is not a column of its table`);
    amounts.push(field);
    currencies.add(currency);
  }
  // One currency per row: every amount of a row is in the same currency.
  if (currencies.size > 1) throw new Error(`A table's amounts must share one currency column (${[...currencies].join(', ')})`);
  const found = amounts.length === 0 ? null : { currency: [...currencies][0] as string, amounts };
  cache.set(table, found);
  return found ?? undefined;
}

/** The currency of a row as stored: its own, else the column default (the spec's USD). */
export function currencyOfRow(row: Row, field: string): string {
  const value = row[field];
  return typeof value === 'string' && value !== '' ? value : DEFAULT_CURRENCY;
}

function convert(spec: CurrencyAmounts, row: Row, currency: string, map: (value: number, currency: string) => number): Row {
  let out: Row | undefined;
  for (const field of spec.amounts) {
    const value = row[field];
    if (typeof value !== 'number') continue;
    out ??= { ...row };
    out[field] = map(value, currency);
  }
  return out ?? row;
}

/**
 * A row (or the fields of an update) in currency units → the same with its amounts in the minor
 * units of `currency` (the row's; for an update, the currency the row will have). A new object
 * when anything changed; the row itself otherwise.
 */
export function amountsToStore(spec: CurrencyAmounts, row: Row, currency: string): Row {
  return convert(spec, row, currency, toMinor);
}

/** A stored row (or some of its fields) → the same with its amounts in units of `currency`. */
export function amountsFromStore(spec: CurrencyAmounts, row: Row, currency: string): Row {
  return convert(spec, row, currency, fromMinor);
}

/** A whole row in units → as stored, in its own currency; rows of tables without such amounts unchanged. */
export function rowToStore(table: SQLiteTable, row: Row): Row {
  const spec = currencyAmountsOf(table);
  return spec ? amountsToStore(spec, row, currencyOfRow(row, spec.currency)) : row;
}

/** A whole stored row → in units, in its own currency; rows of tables without such amounts unchanged. */
export function rowFromStore(table: SQLiteTable, row: Row): Row {
  const spec = currencyAmountsOf(table);
  return spec ? amountsFromStore(spec, row, currencyOfRow(row, spec.currency)) : row;
}
