/**
 * Applies one feed's parsed instances to the database, in one synchronous transaction through
 * db/write.ts so that every change bumps the global version and reaches the clients:
 *
 * Bookings are written through the booking service (modules/bookings/service.ts), so host
 * counters, guests, commission and turnover tasks follow an import exactly as they follow a host's
 * own write; imports are never refused there (the outside world already sold those nights). A
 * feed's new stays go through its set-based import (bookingImports.create) in one call.
 *
 * 1. Instances gone from the feed are removed first. A vanished stay is a cancelled stay
 *    (booking_status 'cancelled', the row kept for history); a vanished block is tombstoned.
 *    Only rows that end after today are touched: OTAs drop past stays from their exports, and a
 *    stay that has happened must not turn into a cancellation.
 * 2. The rest is upserted by UID + RECURRENCE-ID: bookings are found again by
 *    `external_uid = <feedId>:<uid>:<recurrenceId>`, blocks by (feed_id, uid, recurrence_id). A
 *    stay with new dates is moved (same row), never duplicated; a row whose values did not change
 *    is not written, so an unchanged feed bumps no version but the feed's own.
 * 3. Overlaps with bookings and blocks from other sources on the same property are returned as
 *    clashes for the conflict radar. Imports are never refused for them.
 */
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { bookings, calendarBlocks, type calendarFeeds } from '../../../../shared/schema/tables';
import { rowFromStore } from '../../../../shared/schema/money-codec';
import { NotFound } from '../../errors';
import type { Db } from '../../db';
import { insertRowsBulk } from '../../db/bulk';
import { getRow, newId, nowIso, tombstoneRow, transact, updateRow, type Row, type Tx } from '../../db/write';
import type { BookingEnv } from '../../modules/bookings/service';
import { bookingImports } from '../../modules/bookings/writers';
import type { IcalInstance } from './parse';

export type ReconcileOptions = {
  now: Date;
  /** Today in the property's timezone: rows ending on or before it are history and left alone. */
  today: string;
};

export type ClashSide = {
  table: 'bookings' | 'calendar_blocks';
  id: string;
  start: string;
  end: string;
  source: string;
  /** The guest name of a booking, the title of a block. */
  summary: string;
};

export type Clash = {
  imported: ClashSide;
  other: ClashSide;
  /** Same dates on both sides: often our own export echoed back by the other OTA. */
  sameDates: boolean;
};

export type ReconcileResult = {
  feedId: string;
  propertyId: string;
  hostId: string;
  eventCount: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Bookings set to cancelled because their stay left the feed. */
  cancelled: number;
  /** Blocks tombstoned because they left the feed. */
  removed: number;
  createdBookingIds: string[];
  movedBookingIds: string[];
  cancelledBookingIds: string[];
  /** Every booking and block this sync created or changed (the conflict radar notifies on these). */
  changedIds: string[];
  clashes: Clash[];
};

type FeedRow = typeof calendarFeeds.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type BlockRow = typeof calendarBlocks.$inferSelect;

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`No table ${id}`);
  return table;
}

const FEEDS = def(TABLE_IDS.calendar_feeds);
const BLOCKS = def(TABLE_IDS.calendar_blocks);

/** Limits of the booking fields (shared/schema/entities.ts), so an import never stores more. */
const MAX_GUEST_NAME = 500;
const MAX_REFERENCE = 200;
const MAX_SUMMARY = 500;

export function externalUidOf(feedId: string, instance: Pick<IcalInstance, 'uid' | 'recurrenceId'>): string {
  return `${feedId}:${instance.uid}:${instance.recurrenceId}`;
}

function blockKey(uid: string, recurrenceId: string): string {
  return `${uid}\u0000${recurrenceId}`;
}

/** The fields of `desired` whose values differ from `current`. */
function changedFields(current: Row, desired: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(desired)) if (current[key] !== value) out[key] = value;
  return out;
}

function loadFeed(tx: Tx, feedId: string): FeedRow {
  const feed = getRow(tx, FEEDS, feedId) as FeedRow | undefined;
  if (!feed) throw new NotFound('Calendar feed not found');
  return feed;
}

function importedSide(instance: IcalInstance, id: string, source: string): ClashSide {
  return {
    table: instance.kind === 'booking' ? 'bookings' : 'calendar_blocks',
    id,
    start: instance.start,
    end: instance.end,
    source,
    summary: instance.kind === 'booking' ? (instance.guestName ?? 'Guest') : instance.summary,
  };
}

/** Bookings and blocks on the property from any other source, overlapping [from, to). */
function otherSides(tx: Tx, feed: FeedRow, from: string, to: string): ClashSide[] {
  const prefix = `${feed.id}:`;
  const otherBookings = tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.property_id, feed.property_id),
        isNull(bookings.deleted_at),
        ne(bookings.booking_status, 'cancelled'),
        sql`${bookings.check_in_date} < ${to}`,
        gt(bookings.check_out_date, from),
        or(isNull(bookings.external_uid), sql`substr(${bookings.external_uid}, 1, ${prefix.length}) <> ${prefix}`),
      ),
    )
    .all()
    .map((r) => rowFromStore(bookings, r) as typeof r);
  const otherBlocks = tx
    .select()
    .from(calendarBlocks)
    .where(
      and(
        eq(calendarBlocks.property_id, feed.property_id),
        isNull(calendarBlocks.deleted_at),
        sql`${calendarBlocks.start_date} < ${to}`,
        gt(calendarBlocks.end_date, from),
        or(isNull(calendarBlocks.feed_id), ne(calendarBlocks.feed_id, feed.id)),
      ),
    )
    .all();
  return [
    ...otherBookings.map((b): ClashSide => ({ table: 'bookings', id: b.id, start: b.check_in_date, end: b.check_out_date, source: b.booking_source, summary: b.guest_name })),
    ...otherBlocks.map((b): ClashSide => ({ table: 'calendar_blocks', id: b.id, start: b.start_date, end: b.end_date, source: b.source, summary: b.summary })),
  ].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** Overlaps of imported stays with other sources; check-out days are exclusive on both sides. */
function findClashes(imported: ClashSide[], others: ClashSide[]): Clash[] {
  const clashes: Clash[] = [];
  if (others.length === 0) return clashes;
  for (const mine of imported) {
    for (const other of others) {
      if (other.start >= mine.end) break;
      if (other.end > mine.start) clashes.push({ imported: mine, other, sameDates: other.start === mine.start && other.end === mine.end });
    }
  }
  return clashes;
}

/**
 * Reconciles feed `feedId` with `instances` (the whole feed, as parsed) and records the success
 * on the feed row, all in one transaction. Throws NotFound when the feed does not exist.
 */
export function reconcileFeed(db: Db, feedId: string, instances: readonly IcalInstance[], options: ReconcileOptions): ReconcileResult {
  const { now, today } = options;
  const at = nowIso(now);
  return transact(db, (tx) => {
    // `db` lets the booking service prepare its queries once for the whole feed.
    const env: BookingEnv = { now, db };
    const feed = loadFeed(tx, feedId);
    const source = feed.platform;
    const prefix = `${feed.id}:`;
    const result: ReconcileResult = {
      feedId: feed.id,
      propertyId: feed.property_id,
      hostId: feed.host_id,
      eventCount: instances.length,
      created: 0,
      updated: 0,
      unchanged: 0,
      cancelled: 0,
      removed: 0,
      createdBookingIds: [],
      movedBookingIds: [],
      cancelledBookingIds: [],
      changedIds: [],
      clashes: [],
    };

    const incomingBookings = new Map<string, IcalInstance>();
    const incomingBlocks = new Map<string, IcalInstance>();
    for (const instance of instances) {
      if (instance.kind === 'booking') incomingBookings.set(externalUidOf(feed.id, instance), instance);
      else incomingBlocks.set(blockKey(instance.uid, instance.recurrenceId), instance);
    }

    const existingBookings: BookingRow[] = tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.property_id, feed.property_id), isNull(bookings.deleted_at), sql`substr(${bookings.external_uid}, 1, ${prefix.length}) = ${prefix}`))
      .all()
      // Amounts in units of each booking's currency (shared/schema/money-codec.ts), as db/write.ts gives rows.
      .map((r) => rowFromStore(bookings, r) as BookingRow);
    const existingBlocks: BlockRow[] = tx
      .select()
      .from(calendarBlocks)
      .where(and(eq(calendarBlocks.feed_id, feed.id), isNull(calendarBlocks.deleted_at)))
      .all();

    // 1. Removals first, so that a stay that changed kind (block ↔ booking) is never both.
    const bookingsByUid = new Map<string, BookingRow>();
    for (const row of existingBookings) {
      const key = row.external_uid ?? '';
      if (incomingBookings.has(key)) {
        if (!bookingsByUid.has(key)) bookingsByUid.set(key, row);
        continue;
      }
      if (row.booking_status === 'cancelled' || row.check_out_date <= today) continue;
      bookingImports.cancel(tx, row, env);
      result.cancelled += 1;
      result.cancelledBookingIds.push(row.id);
    }
    const blocksByKey = new Map<string, BlockRow>();
    for (const row of existingBlocks) {
      const key = blockKey(row.uid, row.recurrence_id);
      if (incomingBlocks.has(key)) {
        if (!blocksByKey.has(key)) blocksByKey.set(key, row);
        continue;
      }
      if (row.end_date <= today) continue;
      tombstoneRow(tx, BLOCKS, row.id, now);
      result.removed += 1;
    }

    // 2. Upserts.
    const imported: ClashSide[] = [];
    // New stays are imported together after the loop (one set-based write); their ids are filled
    // in where the loop left their places, so the result lists keep the feed's order.
    const newStays: { values: Row; side: ClashSide; created: number; changed: number }[] = [];
    // Latest stay first: a moved stay's overlap query (updateBooking) walks the property's
    // (property_id, check_in_date) index up to its check-out day, so in this order it meets only
    // the stays that really overlap. New stays keep this order in the set-based import.
    const bookingOrder = [...incomingBookings].sort(([, a], [, b]) => (a.start > b.start ? -1 : a.start < b.start ? 1 : 0));
    for (const [externalUid, instance] of bookingOrder) {
      const desired: Row = {
        check_in_date: instance.start,
        check_out_date: instance.end,
        booking_reference: (instance.reservationCode ?? instance.uid).slice(0, MAX_REFERENCE),
      };
      // A host may have typed the real name of an Airbnb guest; only a name from the feed replaces it.
      if (instance.guestName) desired.guest_name = instance.guestName.slice(0, MAX_GUEST_NAME);
      const current = bookingsByUid.get(externalUid);
      if (current) {
        const id = current.id;
        // A stay the feed lists again is confirmed again; a host's 'completed' or 'pending' stays.
        if (current.booking_status === 'cancelled') desired.booking_status = 'confirmed';
        const changes = changedFields(current, desired);
        if (Object.keys(changes).length === 0) {
          result.unchanged += 1;
        } else {
          bookingImports.update(tx, current, changes, env);
          result.updated += 1;
          result.changedIds.push(id);
          if ('check_in_date' in changes || 'check_out_date' in changes) result.movedBookingIds.push(id);
        }
        imported.push(importedSide(instance, id, source));
      } else {
        const side = importedSide(instance, '', source);
        imported.push(side);
        newStays.push({
          values: {
            host_id: feed.host_id,
            property_id: feed.property_id,
            guest_name: 'Guest',
            ...desired,
            booking_source: source,
            external_uid: externalUid,
            total_amount: 0,
            booking_status: 'confirmed',
            created_date: at,
          },
          side,
          created: result.createdBookingIds.push('') - 1,
          changed: result.changedIds.push('') - 1,
        });
        result.created += 1;
      }
    }
    // Overlaps are left to the conflict radar below, which also sees blocks.
    const stored = bookingImports.create(
      tx,
      newStays.map((stay) => stay.values),
      env,
    );
    newStays.forEach((stay, i) => {
      const id = stored[i]?.id;
      if (!id) throw new Error('An imported booking was not stored');
      stay.side.id = id;
      result.createdBookingIds[stay.created] = id;
      result.changedIds[stay.changed] = id;
    });
    // New blocks carry no rules: one bulk insert (a first import of a busy feed is mostly blocks).
    const newBlocks: Row[] = [];
    for (const [key, instance] of incomingBlocks) {
      const desired: Row = { start_date: instance.start, end_date: instance.end, summary: instance.summary.slice(0, MAX_SUMMARY), source };
      const current = blocksByKey.get(key);
      let id: string;
      if (current) {
        id = current.id;
        const changes = changedFields(current, desired);
        if (Object.keys(changes).length === 0) {
          result.unchanged += 1;
        } else {
          updateRow(tx, BLOCKS, id, changes, now);
          result.updated += 1;
          result.changedIds.push(id);
        }
      } else {
        id = newId();
        newBlocks.push({ id, host_id: feed.host_id, property_id: feed.property_id, feed_id: feed.id, uid: instance.uid, recurrence_id: instance.recurrenceId, ...desired });
        result.created += 1;
        result.changedIds.push(id);
      }
      imported.push(importedSide(instance, id, source));
    }
    insertRowsBulk(tx, BLOCKS, newBlocks, now);

    // 3. Clashes with other sources.
    if (imported.length > 0) {
      imported.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
      const from = imported[0]?.start ?? today;
      const to = imported.reduce((max, side) => (side.end > max ? side.end : max), from);
      result.clashes = findClashes(imported, otherSides(tx, feed, from, to));
    }

    // A success ends a run of failures, and re-arms the health alert (modules/calendar/health.ts).
    updateRow(tx, FEEDS, feed.id, { last_fetched_at: at, last_success_at: at, event_count: instances.length, last_error: null, consecutive_failures: 0, health_alerted_at: null }, now);
    return result;
  });
}

/**
 * A failed fetch or parse: the error is recorded on the feed and counted (three in a row alert the
 * host: modules/calendar/health.ts); nothing imported is touched.
 */
export function recordFeedFailure(db: Db, feedId: string, message: string, now: Date): void {
  transact(db, (tx) => {
    const feed = getRow(tx, FEEDS, feedId);
    if (!feed) return;
    const failures = Number(feed.consecutive_failures ?? 0) + 1;
    updateRow(tx, FEEDS, feedId, { last_fetched_at: nowIso(now), last_error: message, consecutive_failures: failures }, now);
  });
}
