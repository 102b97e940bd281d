/**
 * The booking rules, in one place for every path that writes a booking: the table API and sync push
 * (through the write pipeline's booking writer, writers.ts), imports and integrations (iCal,
 * channel partner) calling these functions directly.
 *
 * Each function runs synchronously in the caller's transaction (never await inside one) and does
 * the whole write: checks, price, the row through db/write.ts, then the guest of the booking and
 * the host counters, so that nothing is left half-updated.
 *
 * - check_out_date after check_in_date (400 naming check_out_date);
 * - guests_count within the property's max_guests (400 naming guests_count);
 * - no double booking: a stay overlapping a booking of the same property that holds its dates
 *   (check-out day exclusive) is a 409 naming that booking's guest and dates, also when an update
 *   moves the dates, changes the property or un-cancels. Imports (`{ imported: true }` or
 *   `importBooking`) are never refused for a clash or for the guest count: the clashes come back
 *   for the caller to flag;
 * - commission_amount and net_amount at the host's commission_rate on every create and update
 *   (a client's values are ignored), in minor units of the booking's currency, rounded once;
 * - currency: the given ISO 4217 code (400 naming currency otherwise; an import keeps its
 *   source's) or the property's when none is given; an update keeps the stored one unless it names one;
 * - guest_email stored trimmed and lower-cased (a guest is keyed by its host and lower-cased e-mail).
 */
import { and, asc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { CHECK_OUT_REASON, guestsCountReason, holdsDates, isValidStay, overlapMessage, priceBooking } from '../../../../shared/bookings';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { bookings, hostProfiles, properties } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { insertRowsBulk } from '../../db/bulk';
import { literalLimit } from '../../db/limit';
import { insertRow, nowIso, tombstoneRow, updateRow, type Row, type Tx } from '../../db/write';
import { Conflict, ValidationFailed } from '../../errors';
import { isCurrencyCode } from '../../../../shared/money';
import { normalizeEmail, refreshGuestsOf } from '../guests/service';
import { applyCounterChange, applyCounterChanges, bookingContribution } from '../hosts/counters';
import { createTurnoverTasks, syncTurnoverTask } from '../housekeeping/service';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const BOOKINGS = requireDef(TABLE_IDS.bookings);

export type BookingRow = typeof bookings.$inferSelect;

/**
 * `db`, when given, is the root handle the caller's transaction runs on: the fixed-shape queries
 * of a booking write are then prepared once per handle and reused (a transaction is state of the
 * handle's one connection, so they run inside it). Without it they are built on `tx` each time.
 */
export type BookingEnv = { now: Date; db?: Db | undefined };

export type BookingWriteOptions = {
  /**
   * An imported reservation (iCal feed, channel partner): the outside world already sold those
   * nights, so a clash or a guest count over max_guests is reported, never refused.
   */
  imported?: boolean;
};

/** A booking the written one overlaps. */
export type BookingClash = Pick<BookingRow, 'id' | 'guest_name' | 'check_in_date' | 'check_out_date' | 'booking_source' | 'booking_status'>;

export type BookingWrite = { row: BookingRow; clashes: BookingClash[] };

/** How many clashes are listed at most (the message names the first). */
const MAX_CLASHES = 20;

function bad(field: string, reason: string): ValidationFailed {
  return new ValidationFailed(`Invalid value for ${field}: ${reason}`);
}

function text(row: Row, field: string): string {
  const value = row[field];
  if (typeof value !== 'string' || value === '') throw bad(field, 'required');
  return value;
}

type PropertyFacts = { max_guests: number; host_id: string; status: string; currency: string; commission_rate: number | null };

function bookingStatements(handle: Tx) {
  const p = sql.placeholder;
  return {
    /** The live property with its host's commission rate. */
    property: handle
      .select({
        max_guests: properties.max_guests,
        host_id: properties.host_id,
        status: properties.status,
        currency: properties.currency,
        commission_rate: hostProfiles.commission_rate,
      })
      .from(properties)
      .leftJoin(hostProfiles, and(eq(hostProfiles.id, properties.host_id), isNull(hostProfiles.deleted_at)))
      .where(and(eq(properties.id, p('property')), isNull(properties.deleted_at)))
      .prepare(),
    /** Live bookings of a property holding nights of [in, out), except one id ('' for none). */
    clashes: handle
      .select({
        id: bookings.id,
        guest_name: bookings.guest_name,
        check_in_date: bookings.check_in_date,
        check_out_date: bookings.check_out_date,
        booking_source: bookings.booking_source,
        booking_status: bookings.booking_status,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.property_id, p('property')),
          isNull(bookings.deleted_at),
          ne(bookings.booking_status, 'cancelled'),
          lt(bookings.check_in_date, p('out')),
          gt(bookings.check_out_date, p('in')),
          ne(bookings.id, p('except')),
        ),
      )
      .orderBy(asc(bookings.check_in_date), asc(bookings.id))
      .limit(literalLimit(MAX_CLASHES))
      .prepare(),
  };
}

type BookingStatements = ReturnType<typeof bookingStatements>;
const statementCache = new WeakMap<Tx, BookingStatements>();

function statementsFor(handle: Tx): BookingStatements {
  let statements = statementCache.get(handle);
  if (!statements) {
    statements = bookingStatements(handle);
    statementCache.set(handle, statements);
  }
  return statements;
}

/** The live property of the booking's host, with that host's commission rate (one query). */
function propertyOf(tx: Tx, env: BookingEnv, propertyId: string, hostId: string): PropertyFacts {
  const property = statementsFor(env.db ?? tx).property.get({ property: propertyId });
  if (!property || property.host_id !== hostId) throw bad('property_id', 'no such property');
  return property;
}

/** An archived property takes no new stays from here (imports still arrive: the outside world sold them). */
function checkTakesBookings(property: PropertyFacts): void {
  if (property.status === 'archived') throw bad('property_id', 'the property is archived; restore it to take bookings');
}

function commissionRateOf(property: PropertyFacts): number {
  if (property.commission_rate === null) throw bad('host_id', 'no such host profile');
  return property.commission_rate;
}

/** Live bookings of the property holding nights of [checkIn, checkOut), except `exceptId`. */
export function findBookingClashes(tx: Tx, propertyId: string, checkIn: string, checkOut: string, exceptId?: string, db?: Db): BookingClash[] {
  return statementsFor(db ?? tx).clashes.all({ property: propertyId, in: checkIn, out: checkOut, except: exceptId ?? '' });
}

function checkStay(row: Row): void {
  if (!isValidStay({ check_in_date: text(row, 'check_in_date'), check_out_date: text(row, 'check_out_date') })) throw bad('check_out_date', CHECK_OUT_REASON);
}

function checkGuestsCount(row: Row, property: PropertyFacts): void {
  const count = typeof row.guests_count === 'number' ? row.guests_count : 1;
  if (count > property.max_guests) throw bad('guests_count', guestsCountReason(property.max_guests));
}

/** Overlaps of the booking `row` would cause; a 409 unless imported. */
function checkOverlap(tx: Tx, env: BookingEnv, row: Row, options: BookingWriteOptions, exceptId?: string): BookingClash[] {
  if (!holdsDates({ booking_status: String(row.booking_status ?? 'confirmed') })) return [];
  const clashes = findBookingClashes(tx, text(row, 'property_id'), text(row, 'check_in_date'), text(row, 'check_out_date'), exceptId, env.db);
  const first = clashes[0];
  if (first && !options.imported) throw new Conflict(overlapMessage(first));
  return clashes;
}

/**
 * The booking's currency: the one given (an import keeps its source's), else the property's.
 * A given value must be an ISO 4217 code (400 naming currency).
 */
function currencyOf(row: Row, property: PropertyFacts): string {
  const given = row.currency;
  if (given === undefined || given === null || given === '') return property.currency;
  if (!isCurrencyCode(given)) throw bad('currency', 'must be an ISO 4217 currency code such as USD, EUR or JPY');
  return given;
}

function price(row: Row, property: PropertyFacts, into: Row): void {
  into.currency = currencyOf(row, property);
  const p = priceBooking(typeof row.total_amount === 'number' ? row.total_amount : 0, commissionRateOf(property), String(into.currency));
  into.total_amount = p.total_amount;
  into.commission_amount = p.commission_amount;
  into.net_amount = p.net_amount;
}

function afterWrite(tx: Tx, before: Row | undefined, after: Row | undefined, env: BookingEnv): void {
  applyCounterChange(tx, bookingContribution, before, after, env.now);
  refreshGuestsOf(tx, before, after, env);
  // The check-out day's turnover task follows the booking (created once, moved, cancelled).
  syncTurnoverTask(tx, before, after, env.now, env.db);
}

/**
 * Creates a booking from checked field values (host_id and property_id included). Answers the
 * stored row and, for an import, the bookings it overlaps.
 */
export function createBooking(tx: Tx, values: Row, env: BookingEnv, options: BookingWriteOptions = {}): BookingWrite {
  const row: Row = { ...values };
  if (typeof row.guest_email === 'string') row.guest_email = normalizeEmail(row.guest_email);
  checkStay(row);
  const property = propertyOf(tx, env, text(row, 'property_id'), text(row, 'host_id'));
  if (!options.imported) {
    checkTakesBookings(property);
    checkGuestsCount(row, property);
  }
  const clashes = checkOverlap(tx, env, row, options, typeof row.id === 'string' ? row.id : undefined);
  price(row, property, row);
  if (row.created_date === undefined || row.created_date === null) row.created_date = nowIso(env.now);
  const stored = insertRow(tx, BOOKINGS, row, env.now) as BookingRow;
  afterWrite(tx, undefined, stored, env);
  return { row: stored, clashes };
}

/** An imported reservation: never refused for a clash, which is returned instead. */
export function importBooking(tx: Tx, values: Row, env: BookingEnv): BookingWrite {
  return createBooking(tx, values, env, { imported: true });
}

/**
 * Many imported reservations at once (an iCal feed's new stays): the rows, counters, guests and
 * turnover tasks that `importBooking` one by one, in this order, would leave, written set-wise: the
 * rows through one prepared insert, each host's counters once, each guest once, the turnover tasks
 * and their notifications in one go. Clashes are not looked up per booking: the caller's conflict
 * radar finds them for the whole feed at once (findBookingClashes answers them for one stay).
 */
export function importBookings(tx: Tx, values: readonly Row[], env: BookingEnv): BookingRow[] {
  const facts = new Map<string, PropertyFacts>();
  const rows = values.map((v) => {
    const row: Row = { ...v };
    if (typeof row.guest_email === 'string') row.guest_email = normalizeEmail(row.guest_email);
    checkStay(row);
    const propertyId = text(row, 'property_id');
    const hostId = text(row, 'host_id');
    let property = facts.get(propertyId);
    if (!property) {
      property = propertyOf(tx, env, propertyId, hostId);
      facts.set(propertyId, property);
    } else if (property.host_id !== hostId) {
      throw bad('property_id', 'no such property');
    }
    price(row, property, row);
    if (row.created_date === undefined || row.created_date === null) row.created_date = nowIso(env.now);
    return row;
  });
  const stored = insertRowsBulk(tx, BOOKINGS, rows, env.now) as BookingRow[];
  applyCounterChanges(
    tx,
    bookingContribution,
    stored.map((row) => [undefined, row] as const),
    env.now,
  );
  const guests = new Map<string, Row>();
  for (const row of stored) guests.set(`${row.host_id}\u0000${row.guest_email}`, row);
  for (const row of guests.values()) refreshGuestsOf(tx, undefined, row, env);
  // A row under an id of the caller's may find a turnover link already there: the one-row rule checks.
  const given = (i: number) => typeof values[i]?.id === 'string';
  createTurnoverTasks(
    tx,
    stored.filter((_, i) => !given(i)),
    env.now,
    env.db,
  );
  stored.forEach((row, i) => {
    if (given(i)) syncTurnoverTask(tx, undefined, row, env.now, env.db);
  });
  return stored;
}

const STAY_FIELDS = ['check_in_date', 'check_out_date', 'property_id', 'host_id'] as const;

/**
 * Applies `changes` to the live booking `before` (as read in this transaction). Price is
 * recomputed on every update, at the host's rate of now.
 */
export function updateBooking(tx: Tx, before: Row, changes: Row, env: BookingEnv, options: BookingWriteOptions = {}): BookingWrite {
  const set: Row = { ...changes };
  if (typeof set.guest_email === 'string') set.guest_email = normalizeEmail(set.guest_email);
  const after: Row = { ...before, ...set };
  const id = text(before, 'id');
  const movedStay = STAY_FIELDS.some((f) => f in set && set[f] !== before[f]);
  if ('check_in_date' in set || 'check_out_date' in set) checkStay(after);
  // Read on every update: the price needs the host's rate of now anyway.
  const property = propertyOf(tx, env, text(after, 'property_id'), text(after, 'host_id'));
  if ((movedStay || 'guests_count' in set) && !options.imported) checkGuestsCount(after, property);
  if (set.property_id !== undefined && set.property_id !== before.property_id && !options.imported) checkTakesBookings(property);
  const unCancelled = before.booking_status === 'cancelled' && holdsDates({ booking_status: String(after.booking_status) });
  const clashes = movedStay || unCancelled ? checkOverlap(tx, env, after, options, id) : [];
  // The currency stays as stored unless the update names one (a property's change does not move it).
  if (!('currency' in set)) after.currency = before.currency;
  price(after, property, set);
  if (set.currency === before.currency && !('currency' in changes)) delete set.currency;
  const stored = updateRow(tx, BOOKINGS, id, set, env.now, before) as BookingRow | undefined;
  if (!stored) throw new Error(`Booking ${id} vanished inside its transaction`);
  afterWrite(tx, before, stored, env);
  return { row: stored, clashes };
}

/** Cancels a booking (frees its dates; the row stays for history). */
export function cancelBooking(tx: Tx, before: Row, env: BookingEnv): BookingWrite {
  return updateBooking(tx, before, { booking_status: 'cancelled' }, env);
}

/** Tombstones a live booking (read in this transaction). */
export function deleteBooking(tx: Tx, before: Row, env: BookingEnv): void {
  const id = text(before, 'id');
  const gone = tombstoneRow(tx, BOOKINGS, id, env.now, before);
  if (!gone) throw new Error(`Booking ${id} vanished inside its transaction`);
  afterWrite(tx, before, gone, env);
}
