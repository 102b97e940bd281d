/**
 * Tables whose writes carry business rules: the generic table API (and sync push, which goes
 * through it) hands the write itself to the table's domain service once access, fields and
 * references are checked, so that a rule lives in the domain module alone (style.md §3).
 * Tables without a writer here are written with db/write.ts as they are.
 */
import { TABLE_IDS, type TableDef } from '../../../../shared/registry';
import type { Db } from '../../db/index';
import type { Row, Tx } from '../../db/write';
import { createBooking, deleteBooking, updateBooking } from '../bookings/service';
import { createProperty, deleteProperty, updateProperty } from '../properties/service';

/** `db` is the handle the transaction runs on: domain services prepare their queries on it once. */
export type DomainEnv = { now: Date; publicOrigin: string; db: Db };

export type DomainWriter = {
  /** Inserts the row (values parsed and owned) and whatever follows from it; answers the stored row. */
  create(tx: Tx, values: Row, env: DomainEnv): Row;
  /** Applies the parsed changes to the live row `before`; answers the stored row. */
  update(tx: Tx, before: Row, changes: Row, env: DomainEnv): Row;
  /** Removes the live row `before`; `archived` when it was kept and archived instead. */
  remove(tx: Tx, before: Row, env: DomainEnv): { archived: boolean };
};

const bookingWriter: DomainWriter = {
  create: (tx, values, env) => createBooking(tx, values, env).row,
  update: (tx, before, changes, env) => updateBooking(tx, before, changes, env).row,
  remove: (tx, before, env) => {
    deleteBooking(tx, before, env);
    return { archived: false };
  },
};

const propertyWriter: DomainWriter = {
  create: createProperty,
  update: updateProperty,
  remove: deleteProperty,
};

const WRITERS = new Map<number, DomainWriter>([
  [TABLE_IDS.bookings, bookingWriter],
  [TABLE_IDS.properties, propertyWriter],
]);

export function domainWriterFor(def: TableDef): DomainWriter | undefined {
  return WRITERS.get(def.id);
}
