/**
 * The property rules, for every path that writes one: the table API and sync push through the write
 * pipeline's property writer (writers.ts), integrations directly. Each function runs synchronously
 * in the caller's transaction.
 *
 * - Creating a property, or bringing one back from archived, past the tier's properties_limit is a
 *   403 naming the limit and the tier (hosts/limits.ts); a smaller tier never archives anything.
 * - Every property gets a secret iCal export token at creation; its feed is
 *   `${publicOrigin}/ical/<id>/<token>.ics` (ical_export_url); a new token replaces the URL.
 * - A delete of a property that has bookings archives it instead (status archived, answered 200
 *   with `archived: true`), because bookings, guests and finances keep pointing at it.
 * - currency is an ISO 4217 code (400 naming currency otherwise), the platform's default currency
 *   setting when a create gives none; changing it leaves the existing bookings in theirs.
 * - properties_count follows in the same transaction; a renamed property renames itself in the
 *   properties_stayed of its guests.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { bookings } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRow, newId, tombstoneRow, transact, updateRow, type Row, type Tx } from '../../db/write';
import { Forbidden, ValidationFailed } from '../../errors';
import { assertRowInScope, canOperate } from '../../policy';
import { refreshGuestsOfProperty } from '../guests/service';
import { applyCounterChange, propertyContribution } from '../hosts/counters';
import { defaultCurrency, settleCurrency } from '../platform/defaults';
import { assertPropertyLimit } from '../hosts/limits';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const PROPERTIES = requireDef(TABLE_IDS.properties);

export type PropertyEnv = {
  now: Date;
  /** The public origin the export URL is built on (config.publicOrigin). */
  publicOrigin: string;
  /** The root handle under the transaction, for prepared queries (see bookings/service.ts). */
  db?: Db | undefined;
};

/** 24 random bytes: the export URL is a bearer secret (anyone holding it reads the calendar). */
export function newExportToken(): string {
  return randomBytes(24).toString('base64url');
}

export function exportUrlOf(publicOrigin: string, propertyId: string, token: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/ical/${encodeURIComponent(propertyId)}/${token}.ics`;
}

function counts(row: Row | undefined): boolean {
  return propertyContribution(row).properties > 0;
}

/**
 * A property's currency: the given ISO 4217 code, or the platform default when none is given
 * (create only); anything else is a 400 naming currency. Existing bookings keep theirs.
 */
function checkCurrency(row: Row, creating: boolean, tx: Tx): void {
  settleCurrency(row, creating, () => defaultCurrency(tx));
}

/** Creates a property from checked field values (host_id included). */
export function createProperty(tx: Tx, values: Row, env: PropertyEnv): Row {
  const id = typeof values.id === 'string' ? values.id : newId();
  const row: Row = { ...values, id };
  checkCurrency(row, true, tx);
  if (typeof row.host_id !== 'string') throw new Error('createProperty needs host_id');
  if (counts({ ...row, deleted_at: null })) assertPropertyLimit(tx, row.host_id);
  const token = newExportToken();
  row.ical_export_token = token;
  row.ical_export_url = exportUrlOf(env.publicOrigin, id, token);
  const stored = insertRow(tx, PROPERTIES, row, env.now);
  applyCounterChange(tx, propertyContribution, undefined, stored, env.now);
  return stored;
}

/** Applies `changes` to the live property `before` (as read in this transaction). */
export function updateProperty(tx: Tx, before: Row, changes: Row, env: PropertyEnv): Row {
  const id = String(before.id);
  checkCurrency(changes, false, tx);
  const after: Row = { ...before, ...changes };
  // Counting again on the (possibly new) host: an un-archive, or a move to another host.
  const countsAgain = counts(after) && (!counts(before) || after.host_id !== before.host_id);
  if (countsAgain) assertPropertyLimit(tx, String(after.host_id));
  const stored = updateRow(tx, PROPERTIES, id, changes, env.now, before);
  if (!stored) throw new Error(`Property ${id} vanished inside its transaction`);
  applyCounterChange(tx, propertyContribution, before, stored, env.now);
  if ('property_name' in changes && changes.property_name !== before.property_name) refreshGuestsOfProperty(tx, id, env);
  return stored;
}

function hasBookings(tx: Tx, propertyId: string): boolean {
  return (
    tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.property_id, propertyId), isNull(bookings.deleted_at)))
      .limit(1)
      .get() !== undefined
  );
}

/** Deletes the live property `before`, or archives it when bookings refer to it. */
export function deleteProperty(tx: Tx, before: Row, env: PropertyEnv): { archived: boolean } {
  const id = String(before.id);
  if (hasBookings(tx, id)) {
    if (before.status !== 'archived') {
      const stored = updateRow(tx, PROPERTIES, id, { status: 'archived' }, env.now, before);
      applyCounterChange(tx, propertyContribution, before, stored, env.now);
    }
    return { archived: true };
  }
  const gone = tombstoneRow(tx, PROPERTIES, id, env.now, before);
  applyCounterChange(tx, propertyContribution, before, gone, env.now);
  return { archived: false };
}

/** Issues a new export token for the live property `before`: the old URL stops working. */
export function regenerateExportToken(tx: Tx, before: Row, env: PropertyEnv): string {
  const id = String(before.id);
  const token = newExportToken();
  const url = exportUrlOf(env.publicOrigin, id, token);
  updateRow(tx, PROPERTIES, id, { ical_export_token: token, ical_export_url: url }, env.now);
  return url;
}

/** The most images a property lists (shared/schema/entities.ts). */
export const MAX_PROPERTY_IMAGES = 100;

/** The live property `id` if the actor may change it: 403 for a role that may not, 404 out of scope. */
export function propertyToChange(tx: Tx, actor: Actor, id: string): Row {
  if (!canOperate(actor, PROPERTIES, 'update')) throw new Forbidden();
  return assertRowInScope(tx, actor, PROPERTIES, id);
}

/** POST /api/properties/:id/ical-export-token. */
export function rotateExportToken(db: Db, actor: Actor, id: string, env: PropertyEnv): { ical_export_url: string } {
  return transact(db, (tx) => ({ ical_export_url: regenerateExportToken(tx, propertyToChange(tx, actor, id), env) }));
}

/** Appends an uploaded image's URL to the property's images (after the file is stored). */
export function addPropertyImage(db: Db, actor: Actor, id: string, url: string, env: PropertyEnv): { url: string; images: string[] } {
  return transact(db, (tx) => {
    const before = propertyToChange(tx, actor, id);
    const images = Array.isArray(before.images) ? before.images.filter((i): i is string => typeof i === 'string') : [];
    if (images.length >= MAX_PROPERTY_IMAGES) throw new ValidationFailed(`Invalid value for images: a property has at most ${MAX_PROPERTY_IMAGES} images`);
    const next = [...images, url];
    updateProperty(tx, before, { images: next }, env);
    return { url, images: next };
  });
}
