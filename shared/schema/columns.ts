/**
 * Column helpers shared by every table: money (units on the wire, integer minor units in SQLite),
 * JSON text, booleans, and the sync columns every synced table carries (docs/decisions.md "Sync").
 */
import { customType, integer, text } from 'drizzle-orm/sqlite-core';
import { fromCents, toCents } from '../money';

/**
 * USD-only money (subscription plans, PayPal payments, tier prices): the application sees
 * dollars, SQLite stores integer cents. An amount priced in a row's own currency is `moneyIn`.
 */
export const money = customType<{ data: number; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (units) => toCents(units),
  fromDriver: (cents) => fromCents(Number(cents)),
});

/**
 * Money in the currency named by another column of the same row (`currency`): SQLite stores the
 * currency's own minor units. A column type sees one value, not its row, so this column maps
 * nothing itself; the row codec (shared/schema/money-codec.ts) converts whole rows at the few
 * places they enter and leave the database (server/src/db/write.ts, bulk.ts, the table API).
 * A drizzle select or insert of such a column sees minor units: read and write those rows through
 * server/src/db/write.ts, or pass them through `rowFromStore` / `rowToStore`.
 */
export const moneyIn = customType<{ data: number; driverData: number; config: { currency: string } }>({
  dataType: () => 'integer',
});

/** The currency column named by a `moneyIn` column, or undefined for any other column. */
export function currencyColumnOf(column: unknown): string | undefined {
  const config = (column as { columnType?: string; config?: { fieldConfig?: { currency?: unknown } } }).config;
  const currency = config?.fieldConfig?.currency;
  return (column as { columnType?: string }).columnType === 'SQLiteCustomColumn' && typeof currency === 'string' ? currency : undefined;
}

export const bool = (name: string) => integer(name, { mode: 'boolean' });

export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();

/** id (text, UUIDv7 or client-made), version from the global counter, updated_at, tombstone. */
export const syncColumns = () => ({
  id: text('id').primaryKey(),
  version: integer('version').notNull().default(0),
  updated_at: text('updated_at'),
  deleted_at: text('deleted_at'),
});
