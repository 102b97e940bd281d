/**
 * Owner statements (docs/decisions.md "Owner statements"): a property's month as its owner reads
 * it, from the database, by the same function the host's page uses on the device's rows
 * (shared/owner-statement.ts). The property must be in the caller's scope (404 otherwise).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { bookings, housekeepingTasks } from '../../../../shared/schema/tables';
import { rowFromStore } from '../../../../shared/schema/money-codec';
import { ownerStatement, type OwnerStatement, type StatementTask } from '../../../../shared/owner-statement';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { assertRowInScope } from '../../policy';

const PROPERTIES = requireTable(TABLE_IDS.properties);

export function statementOf(db: Db, actor: Actor, propertyId: string, month: string): OwnerStatement {
  const property = assertRowInScope(db, actor, PROPERTIES, propertyId);
  const stays = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.property_id, propertyId), isNull(bookings.deleted_at)))
    .all()
    // Amounts are stored in each currency's own minor unit: read them in units (docs/decisions.md, Money).
    .map((row) => rowFromStore(bookings, row) as typeof row);
  // Whole rows: a task's own currency, where tasks carry one, is read with the rest.
  const tasks = db
    .select()
    .from(housekeepingTasks)
    .where(and(eq(housekeepingTasks.property_id, propertyId), isNull(housekeepingTasks.deleted_at)))
    .all()
    .map((row) => rowFromStore(housekeepingTasks, row)) as StatementTask[];
  return ownerStatement(
    { id: propertyId, property_name: String(property.property_name), currency: String(property.currency) },
    stays,
    tasks,
    month,
  );
}
