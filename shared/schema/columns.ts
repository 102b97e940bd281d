/**
 * Column helpers shared by every table: money in integer cents (units on the wire), JSON text,
 * booleans, and the sync columns every synced table carries (docs/decisions.md "Sync").
 */
import { customType, integer, text } from 'drizzle-orm/sqlite-core';
import { fromCents, toCents } from '../money';

/** Money: the application sees currency units, SQLite stores integer cents. */
export const money = customType<{ data: number; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (units) => toCents(units),
  fromDriver: (cents) => fromCents(Number(cents)),
});

export const bool = (name: string) => integer(name, { mode: 'boolean' });

export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();

/** id (text, UUIDv7 or client-made), version from the global counter, updated_at, tombstone. */
export const syncColumns = () => ({
  id: text('id').primaryKey(),
  version: integer('version').notNull().default(0),
  updated_at: text('updated_at'),
  deleted_at: text('deleted_at'),
});
