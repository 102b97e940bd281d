/**
 * The five syncs of a host's Tokeet account. Each run fetches from Tokeet, then writes record by
 * record, each in its own transaction: a record that fails is logged and skipped, never aborting
 * the others. Every run writes a sync log row (22402). Imported stays go through the booking
 * service's import path (modules/bookings/writers.ts `bookingImports`), the same one the iCal
 * feeds use: commission, guests, counters and turnover tasks follow, and a clash never refuses a
 * stay (it is counted here and marked on the calendar).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { bookings, calendarBlocks, hostProfiles, partnerBookings, partnerMessages, partnerProperties, partnerRates, properties } from '../../../../shared/schema/tables';
import type { PartnerSyncResult, PartnerSyncType } from '../../../../shared/api/partner';
import { DEFAULT_CURRENCY, isCurrencyCode, toMinor } from '../../../../shared/money';
import { rowFromStore } from '../../../../shared/schema/money-codec';
import {
  BOOKINGS_SYNC_FAILED,
  CALENDAR_SYNCED,
  CALENDAR_SYNC_FAILED,
  MESSAGES_SYNC_FAILED,
  PROPERTIES_SYNC_FAILED,
  RATES_SYNCED,
  RATES_SYNC_FAILED,
  partnerSynced,
} from '../../../../shared/messages';
import type { Db } from '../../db/index';
import { Forbidden } from '../../errors';
import { insertRow, newId, nowIso, tombstoneRow, transact, updateRow, type Row, type Tx } from '../../db/write';
import { findBookingClashes, type BookingClash, type BookingEnv, type BookingRow } from '../bookings/service';
import { notifyMany } from '../notifications/service';
import { clashNotice, type ClashSide } from '../calendar/clash-text';
import { recipientFor } from '../../i18n';
import { bookingImports } from '../bookings/writers';
import { createProperty } from '../properties/service';
import { PARTNER, type TokeetBooking, type TokeetClient, type TokeetHold, type TokeetMessage, type TokeetRate, type TokeetRental } from '../../integrations/tokeet/client';
import { bookingWindow, dayOfUnix, daysBetween, instantOfUnix } from './dates';
import { hostClient } from './oauth';
import type { PartnerRuntime } from './credentials';

const LOGS = requireTable(TABLE_IDS.partner_sync_logs);
const P_PROPERTIES = requireTable(TABLE_IDS.partner_properties);
const P_BOOKINGS = requireTable(TABLE_IDS.partner_bookings);
const P_MESSAGES = requireTable(TABLE_IDS.partner_messages);
const INBOX = requireTable(TABLE_IDS.inbox_messages);
const BLOCKS = requireTable(TABLE_IDS.calendar_blocks);

/** The `source` of what the partner brings (bookings, blocks) and the prefix of its external ids. */
export const PARTNER_SOURCE = 'tokeet';
export const MAX_RATE_DAYS = 400;

export type SyncHost = { userId: string; hostId: string };
export type SyncContext = { db: Db; runtime: PartnerRuntime; host: SyncHost; now: () => Date };

type Outcome = { count: number; errors: string[]; notImported: PartnerSyncResult['not_imported']; details: Record<string, unknown> };

const FAILURE: Record<PartnerSyncType, string> = {
  properties: PROPERTIES_SYNC_FAILED,
  bookings: BOOKINGS_SYNC_FAILED,
  messages: MESSAGES_SYNC_FAILED,
  calendar: CALENDAR_SYNC_FAILED,
  rates: RATES_SYNC_FAILED,
};

function successText(type: PartnerSyncType, count: number): string {
  if (type === 'calendar') return CALENDAR_SYNCED;
  if (type === 'rates') return RATES_SYNCED;
  return partnerSynced(count, type, PARTNER);
}

export function externalUidOf(pkey: string): string {
  return `${PARTNER_SOURCE}:${pkey}`;
}

const clip = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The host user of a host profile (the scheduled sync knows users; routes know both). */
export function syncHostOf(db: Db, userId: string): SyncHost | null {
  const profile = db.select({ id: hostProfiles.id }).from(hostProfiles).where(and(eq(hostProfiles.user_id, userId), isNull(hostProfiles.deleted_at))).get();
  return profile ? { userId, hostId: profile.id } : null;
}

/** Runs `work` on each record in its own transaction; a failure is noted with the record's id and skipped. */
function eachRecord<T extends { pkey?: unknown }>(db: Db, records: readonly T[], outcome: Outcome, work: (tx: Tx, record: T) => boolean): void {
  for (const record of records) {
    try {
      if (transact(db, (tx) => work(tx, record))) outcome.count += 1;
    } catch (error) {
      outcome.errors.push(`${String(record.pkey ?? '?')}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

// ── Properties ────────────────────────────────────────────────────────────────────────────

type PartnerPropertyRow = typeof partnerProperties.$inferSelect;

function mappedProperties(tx: Db | Tx, userId: string): PartnerPropertyRow[] {
  return tx.select().from(partnerProperties).where(and(eq(partnerProperties.user_id, userId), isNull(partnerProperties.deleted_at))).all();
}

function liveProperty(tx: Tx, hostId: string, id: string | null): boolean {
  if (!id) return false;
  return Boolean(tx.select({ id: properties.id }).from(properties).where(and(eq(properties.id, id), eq(properties.host_id, hostId), isNull(properties.deleted_at))).get());
}

/** A host property of the same name not linked to another rental yet. */
function matchByName(tx: Tx, ctx: SyncContext, name: string): string | null {
  if (!name) return null;
  const linked = new Set(mappedProperties(tx, ctx.host.userId).map((p) => p.local_property_id));
  const candidates = tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.host_id, ctx.host.hostId), isNull(properties.deleted_at), sql`lower(trim(${properties.property_name})) = ${name.trim().toLowerCase()}`))
    .all();
  return candidates.find((c) => !linked.has(c.id))?.id ?? null;
}

function rentalFields(rental: TokeetRental) {
  return {
    property_name: clip(rental.name, 200) || `Tokeet rental ${rental.pkey}`,
    property_type: clip(rental.type, 50) || 'apartment',
    rooms_count: typeof rental.bedrooms === 'number' && rental.bedrooms >= 0 ? Math.floor(rental.bedrooms) : 0,
    max_guests: typeof rental.sleep_max === 'number' && rental.sleep_max >= 1 ? Math.floor(rental.sleep_max) : 1,
    amenities: Array.isArray(rental.amenities) ? rental.amenities.filter((a) => typeof a === 'string') : [],
  };
}

function addressOf(rental: TokeetRental): string {
  const a = rental.address;
  return [a?.address, a?.city, a?.state, a?.country].filter((p) => typeof p === 'string' && p.trim()).join(', ').slice(0, 500);
}

/** Links the rental to a matched property, or creates one; over the plan's limit it stays unlinked with the reason. */
function linkRental(tx: Tx, ctx: SyncContext, rental: TokeetRental, fields: ReturnType<typeof rentalFields>, outcome: Outcome): { local: string | null; reason: string | null } {
  const matched = matchByName(tx, ctx, fields.property_name);
  if (matched) return { local: matched, reason: null };
  const id = newId();
  try {
    // The plan's limit is checked before anything is written, so a refusal leaves nothing behind.
    createProperty(
      tx,
      {
        id,
        host_id: ctx.host.hostId,
        property_name: fields.property_name,
        property_type: fields.property_type,
        bedrooms: fields.rooms_count,
        max_guests: fields.max_guests,
        amenities: fields.amenities,
        address: addressOf(rental),
        // Priced in the rental's currency; without one, the platform's default (the property writer's).
        ...(currencyOf(rental) ? { currency: currencyOf(rental) } : {}),
        created_date: nowIso(ctx.now()),
      },
      { now: ctx.now(), publicOrigin: ctx.runtime.publicOrigin },
    );
    return { local: id, reason: null };
  } catch (error) {
    if (!(error instanceof Forbidden)) throw error;
    outcome.notImported.push({ tokeet_property_id: rental.pkey, property_name: fields.property_name, reason: error.message });
    return { local: null, reason: error.message };
  }
}

async function syncProperties(ctx: SyncContext, client: TokeetClient, outcome: Outcome): Promise<void> {
  const rentals = await client.rentals();
  eachRecord(ctx.db, rentals, outcome, (tx, rental) => {
    if (typeof rental.pkey !== 'string' || !rental.pkey) throw new Error('a rental without pkey');
    const now = ctx.now();
    const fields = rentalFields(rental);
    const current = tx.select().from(partnerProperties).where(and(eq(partnerProperties.tokeet_property_id, rental.pkey), isNull(partnerProperties.deleted_at))).get();
    if (current && current.user_id !== ctx.host.userId) throw new Error('this rental is linked to another account');
    let local = current?.local_property_id ?? null;
    let reason: string | null = null;
    if (!liveProperty(tx, ctx.host.hostId, local)) ({ local, reason } = linkRental(tx, ctx, rental, fields, outcome));
    const values: Row = { ...fields, property_data: rental, local_property_id: local, not_imported_reason: reason, last_synced: nowIso(now), user_id: ctx.host.userId };
    if (current) updateRow(tx, P_PROPERTIES, current.id, values, now);
    else insertRow(tx, P_PROPERTIES, { ...values, tokeet_property_id: rental.pkey }, now);
    return true;
  });
}

// ── Bookings ──────────────────────────────────────────────────────────────────────────────

type StayStatus = 'confirmed' | 'cancelled' | 'inquiry';

/** Cancelled when Tokeet says so; an inquiry never booked is open (it never blocks dates). */
export function stayStatusOf(b: TokeetBooking): StayStatus {
  if (typeof b.status === 'string' && /cancel/i.test(b.status)) return 'cancelled';
  return typeof b.booked === 'number' && b.booked > 0 ? 'confirmed' : 'inquiry';
}

function guestOf(b: TokeetBooking) {
  const d = b.guest_details ?? {};
  return {
    guest_name: clip(d.name, 500) || 'Guest',
    guest_email: clip(d.emails?.[0], 320),
    guest_phone: clip(d.phones?.[0], 50),
  };
}

/**
 * The fields of our booking for a Tokeet reservation: the one place they are built. The stay keeps
 * the currency it was priced in; a reservation without a known code takes its property's
 * (docs/decisions.md "Money").
 */
export function bookingFieldsOf(b: TokeetBooking, checkIn: string, checkOut: string): Row {
  const guests = (typeof b.num_adults === 'number' ? b.num_adults : 0) + (typeof b.num_child === 'number' ? b.num_child : 0);
  return {
    ...guestOf(b),
    check_in_date: checkIn,
    check_out_date: checkOut,
    guests_count: Math.max(1, Math.floor(guests)),
    booking_reference: b.pkey.slice(0, 200),
    total_amount: typeof b.total_cost === 'number' && b.total_cost >= 0 ? b.total_cost : 0,
    ...(currencyOf(b) ? { currency: currencyOf(b) } : {}),
  };
}

/** A reservation's or rental's ISO 4217 currency, or undefined when Tokeet sent none we know. */
export function currencyOf(b: { currency?: unknown }): string | undefined {
  const code = typeof b.currency === 'string' ? b.currency.trim().toUpperCase() : '';
  return isCurrencyCode(code) ? code : undefined;
}

function changedFields(current: Row, desired: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(desired)) if (current[key] !== value) out[key] = value;
  return out;
}

function localBooking(tx: Tx, hostId: string, pkey: string): BookingRow | undefined {
  const row = tx.select().from(bookings).where(and(eq(bookings.host_id, hostId), eq(bookings.external_uid, externalUidOf(pkey)), isNull(bookings.deleted_at))).get();
  // The amounts in units of the booking's currency, as the desired fields are.
  return row && (rowFromStore(bookings, row) as BookingRow);
}

/**
 * Our booking follows the reservation: created, moved, cancelled or confirmed again. Answers whether it
 * clashes; a stay new or moved by this sync that clashes is told to the host at once, as an iCal
 * import's is (an urgent "Calendar conflict", also as a Web Push), never refused.
 */
function applyStay(tx: Tx, ctx: SyncContext, b: TokeetBooking, status: StayStatus, propertyId: string, stay: { in: string; out: string }): boolean {
  const env: BookingEnv = { now: ctx.now(), db: ctx.db };
  const current = localBooking(tx, ctx.host.hostId, b.pkey);
  if (status !== 'confirmed') {
    if (current && current.booking_status !== 'cancelled') bookingImports.cancel(tx, current, env);
    return false;
  }
  const desired = bookingFieldsOf(b, stay.in, stay.out);
  let id: string;
  let moved = true;
  if (current) {
    id = current.id;
    if (current.booking_status === 'cancelled') desired.booking_status = 'confirmed';
    if (current.property_id !== propertyId) desired.property_id = propertyId;
    // A name the host typed is kept unless Tokeet has one.
    if (desired.guest_name === 'Guest') delete desired.guest_name;
    const changes = changedFields(current, desired);
    moved = ['check_in_date', 'check_out_date', 'property_id', 'booking_status'].some((field) => field in changes);
    if (Object.keys(changes).length > 0) bookingImports.update(tx, current, changes, env);
  } else {
    const [row] = bookingImports.create(
      tx,
      [{ ...desired, host_id: ctx.host.hostId, property_id: propertyId, booking_source: clip(b.source, 100) || PARTNER_SOURCE, external_uid: externalUidOf(b.pkey), booking_status: 'confirmed', created_date: nowIso(ctx.now()) }],
      env,
    );
    if (!row) throw new Error('the booking was not stored');
    id = row.id;
  }
  const clashes = findBookingClashes(tx, propertyId, stay.in, stay.out, id, ctx.db);
  if (moved && clashes[0]) notifyClash(tx, ctx, propertyId, { guest: String(desired.guest_name ?? current?.guest_name ?? 'Guest'), ...stay }, clashes[0]);
  return clashes.length > 0;
}

function notifyClash(tx: Tx, ctx: SyncContext, propertyId: string, mine: { guest: string; in: string; out: string }, other: BookingClash): void {
  const property = tx.select({ name: properties.property_name }).from(properties).where(eq(properties.id, propertyId)).get();
  const ours: ClashSide = { source: PARTNER, kind: 'booking', summary: mine.guest, start: mine.in, end: mine.out };
  const theirs: ClashSide = { source: other.booking_source, kind: 'booking', summary: other.guest_name, start: other.check_in_date, end: other.check_out_date };
  notifyMany(
    tx,
    [
      {
        userId: ctx.host.userId,
        ...clashNotice(recipientFor(tx, ctx.host.userId).t, property?.name, ours, theirs),
        type: 'urgent',
        hostId: ctx.host.hostId,
        actionUrl: `/host/calendar?property=${encodeURIComponent(propertyId)}`,
      },
    ],
    ctx.now(),
  );
}

async function syncBookings(ctx: SyncContext, client: TokeetClient, outcome: Outcome): Promise<void> {
  const window = bookingWindow(ctx.now());
  const reservations = await client.bookings(window.start, window.end);
  const mapping = new Map(mappedProperties(ctx.db, ctx.host.userId).map((p) => [p.tokeet_property_id, p]));
  let clashes = 0;
  let unmapped = 0;
  eachRecord(ctx.db, reservations, outcome, (tx, b) => {
    if (typeof b.pkey !== 'string' || !b.pkey) throw new Error('a reservation without pkey');
    const checkIn = dayOfUnix(b.guest_arrive);
    const checkOut = dayOfUnix(b.guest_depart);
    if (!checkIn || !checkOut || checkOut <= checkIn) throw new Error('the stay has no valid arrival and departure');
    const now = ctx.now();
    const status = stayStatusOf(b);
    const mapped = mapping.get(String(b.rental_id));
    const current = tx.select().from(partnerBookings).where(and(eq(partnerBookings.tokeet_booking_id, b.pkey), isNull(partnerBookings.deleted_at))).get();
    if (current && current.user_id !== ctx.host.userId) throw new Error('this reservation belongs to another account');
    const values: Row = {
      ...guestOf(b),
      user_id: ctx.host.userId,
      check_in_date: checkIn,
      check_out_date: checkOut,
      total_amount: typeof b.total_cost === 'number' && b.total_cost >= 0 ? b.total_cost : 0,
      booking_status: status,
      booking_source: clip(b.source, 100) || 'direct',
      currency: currencyOf(b) ?? DEFAULT_CURRENCY,
      booking_data: b,
      property_mapping_id: mapped?.id ?? null,
    };
    if (current) updateRow(tx, P_BOOKINGS, current.id, values, now);
    else insertRow(tx, P_BOOKINGS, { ...values, tokeet_booking_id: b.pkey, created_at: nowIso(now) }, now);
    if (mapped?.local_property_id && liveProperty(tx, ctx.host.hostId, mapped.local_property_id)) {
      if (applyStay(tx, ctx, b, status, mapped.local_property_id, { in: checkIn, out: checkOut })) clashes += 1;
    } else {
      unmapped += 1;
    }
    return true;
  });
  outcome.details = { window, clashes, without_property: unmapped };
}

// ── Messages ──────────────────────────────────────────────────────────────────────────────

async function syncMessages(ctx: SyncContext, client: TokeetClient, outcome: Outcome): Promise<void> {
  const messages = await client.messages();
  let created = 0;
  eachRecord(ctx.db, messages, outcome, (tx, m: TokeetMessage) => {
    if (typeof m.pkey !== 'string' || !m.pkey) throw new Error('a message without pkey');
    const now = ctx.now();
    const known = tx.select({ id: partnerMessages.id, user_id: partnerMessages.user_id }).from(partnerMessages).where(eq(partnerMessages.tokeet_message_id, m.pkey)).get();
    if (known) {
      if (known.user_id !== ctx.host.userId) throw new Error('this message belongs to another account');
      return true;
    }
    const booking = m.inquiry_id ? localBooking(tx, ctx.host.hostId, String(m.inquiry_id)) : undefined;
    const inbound = m.direction !== 'outbound';
    const receivedAt = instantOfUnix(m.created) ?? nowIso(now);
    const content = clip(m.content, 10_000);
    if (!content) throw new Error('an empty message');
    const fields = { guest_name: clip(m.guest_name, 500) || booking?.guest_name || 'Guest', guest_email: clip(m.guest_email, 320) || booking?.guest_email || '', message_content: content };
    insertRow(
      tx,
      P_MESSAGES,
      { ...fields, user_id: ctx.host.userId, tokeet_message_id: m.pkey, booking_id: booking?.id ?? null, message_type: clip(m.type, 50) || 'inquiry', direction: inbound ? 'inbound' : 'outbound', status: 'unread', received_at: receivedAt },
      now,
    );
    insertRow(tx, INBOX, { ...fields, host_id: ctx.host.hostId, booking_id: booking?.id ?? null, direction: inbound ? 'inbound' : 'outbound', status: inbound ? 'unread' : 'sent', sent_at: receivedAt }, now);
    created += 1;
    return true;
  });
  outcome.details = { new_messages: created };
}

// ── Calendar holds and rates ──────────────────────────────────────────────────────────────

function linkedRentals(ctx: SyncContext): (PartnerPropertyRow & { local_property_id: string })[] {
  return mappedProperties(ctx.db, ctx.host.userId).filter((p): p is PartnerPropertyRow & { local_property_id: string } => Boolean(p.local_property_id));
}

async function syncCalendar(ctx: SyncContext, client: TokeetClient, outcome: Outcome): Promise<void> {
  const today = nowIso(ctx.now()).slice(0, 10);
  for (const rental of linkedRentals(ctx)) {
    const holds = await client.calendar(rental.tokeet_property_id);
    const seen = new Set<string>();
    eachRecord(ctx.db, holds, outcome, (tx, h: TokeetHold) => {
      const start = dayOfUnix(h.start);
      const end = dayOfUnix(h.end);
      if (!start || !end || end <= start) throw new Error('the hold has no valid start and end');
      const uid = externalUidOf(h.pkey);
      seen.add(uid);
      const desired = { start_date: start, end_date: end, summary: clip(h.title, 500) || 'Tokeet hold', source: PARTNER_SOURCE };
      const current = tx
        .select()
        .from(calendarBlocks)
        .where(and(eq(calendarBlocks.property_id, rental.local_property_id), eq(calendarBlocks.uid, uid), isNull(calendarBlocks.feed_id), isNull(calendarBlocks.deleted_at)))
        .get();
      if (!current) insertRow(tx, BLOCKS, { ...desired, host_id: ctx.host.hostId, property_id: rental.local_property_id, uid, recurrence_id: '' }, ctx.now());
      else if (Object.keys(changedFields(current, desired)).length > 0) updateRow(tx, BLOCKS, current.id, desired, ctx.now());
      return true;
    });
    // Holds Tokeet no longer lists are lifted (past ones are history and stay).
    transact(ctx.db, (tx) => {
      const stale = tx
        .select({ id: calendarBlocks.id, uid: calendarBlocks.uid, end_date: calendarBlocks.end_date })
        .from(calendarBlocks)
        .where(and(eq(calendarBlocks.property_id, rental.local_property_id), isNull(calendarBlocks.feed_id), eq(calendarBlocks.source, PARTNER_SOURCE), isNull(calendarBlocks.deleted_at)))
        .all()
        .filter((b) => !seen.has(b.uid) && b.end_date > today);
      for (const b of stale) tombstoneRow(tx, BLOCKS, b.id, ctx.now());
    });
  }
}

async function syncRates(ctx: SyncContext, client: TokeetClient, outcome: Outcome): Promise<void> {
  for (const rental of linkedRentals(ctx)) {
    const rates = await client.rates(rental.tokeet_property_id);
    eachRecord(ctx.db, rates, outcome, (tx, r: TokeetRate) => {
      const start = dayOfUnix(r.start);
      const end = dayOfUnix(r.end);
      if (!start || !end || end <= start || typeof r.nightly !== 'number' || r.nightly < 0) throw new Error('the rate has no valid range and nightly amount');
      const at = nowIso(ctx.now());
      const currency = typeof r.currency === 'string' && /^[A-Za-z]{3}$/.test(r.currency) ? r.currency.toUpperCase() : 'USD';
      for (const date of daysBetween(start, end, MAX_RATE_DAYS)) {
        // Stored in the rate currency's own minor units (shared/schema/money-codec.ts).
        const values = { nightly: toMinor(r.nightly, currency), currency, name: clip(r.name, 200), tokeet_property_id: rental.tokeet_property_id, updated_at: at };
        tx.insert(partnerRates)
          .values({ id: newId(), host_id: ctx.host.hostId, property_id: rental.local_property_id, date, ...values })
          .onConflictDoUpdate({ target: [partnerRates.property_id, partnerRates.date], set: values })
          .run();
      }
      return true;
    });
  }
}

const RUNNERS: Record<PartnerSyncType, (ctx: SyncContext, client: TokeetClient, outcome: Outcome) => Promise<void>> = {
  properties: syncProperties,
  bookings: syncBookings,
  messages: syncMessages,
  calendar: syncCalendar,
  rates: syncRates,
};

function writeLog(ctx: SyncContext, type: PartnerSyncType, operation: string, startedAt: string, result: PartnerSyncResult, data: Record<string, unknown>): void {
  transact(ctx.db, (tx) => {
    insertRow(
      tx,
      LOGS,
      {
        user_id: ctx.host.userId,
        sync_type: type,
        operation,
        status: result.status,
        error_message: result.status === 'error' ? result.errors[0] ?? result.message : result.errors.length > 0 ? `${result.errors.length} skipped: ${result.errors[0]}` : null,
        record_count: result.record_count,
        sync_data: JSON.stringify(data).slice(0, 20_000),
        started_at: startedAt,
        completed_at: nowIso(ctx.now()),
      },
      ctx.now(),
    );
  });
}

/** One sync for one host; never throws for a partner failure (the result and the log say it). */
export async function runSync(ctx: SyncContext, type: PartnerSyncType, operation = 'manual', client?: TokeetClient): Promise<PartnerSyncResult> {
  const startedAt = nowIso(ctx.now());
  const outcome: Outcome = { count: 0, errors: [], notImported: [], details: {} };
  let result: PartnerSyncResult;
  try {
    await RUNNERS[type](ctx, client ?? hostClient(ctx.db, ctx.runtime, ctx.host.userId, ctx.now), outcome);
    result = { sync_type: type, status: 'success', record_count: outcome.count, skipped: outcome.errors.length, message: successText(type, outcome.count), errors: outcome.errors, not_imported: outcome.notImported };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    result = { sync_type: type, status: 'error', record_count: outcome.count, skipped: outcome.errors.length, message: FAILURE[type], errors: [reason, ...outcome.errors], not_imported: outcome.notImported };
  }
  writeLog(ctx, type, operation, startedAt, result, { ...outcome.details, errors: outcome.errors, not_imported: outcome.notImported });
  return result;
}

/** Every sync in order (properties first: the others need the mapping), one client for all. */
export async function runAllSyncs(ctx: SyncContext, operation = 'manual'): Promise<PartnerSyncResult[]> {
  const client = hostClient(ctx.db, ctx.runtime, ctx.host.userId, ctx.now);
  const results: PartnerSyncResult[] = [];
  for (const type of ['properties', 'bookings', 'messages', 'calendar', 'rates'] as const) results.push(await runSync(ctx, type, operation, client));
  return results;
}
