/**
 * Calendar feeds: adding a feed to a property, choosing feeds to sync, and a property's calendar as
 * the host sees it. Plain functions `(db, actor, input)`.
 */
import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { bookings, calendarBlocks, calendarFeeds, properties } from '../../../../shared/schema/tables';
import { addDays, daysBetween } from '../../../../shared/dates';
import { clashingIds, feedOfExternalUid } from '../../../../shared/calendar-clashes';
import type { Actor } from '../../actor';
import type { Db } from '../../db';
import { insertRow, nowIso, transact } from '../../db/write';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import { assertRowInScope, scopeWhere } from '../../policy';
import { blockUid, bookingUid } from '../../integrations/ical/export';
import { assertFeedUrlAllowed, type Resolver } from '../../integrations/ical/fetch';
import { assertOtaIntegrationAllowed } from '../hosts/limits';
import { propertyToday } from './service';

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`No table ${id}`);
  return table;
}

const PROPERTIES = def(TABLE_IDS.properties);
const FEEDS = def(TABLE_IDS.calendar_feeds);

export type FeedRow = typeof calendarFeeds.$inferSelect;

export type CreateFeedInput = { propertyId: string; platform: string; iCalUrl: string };
export type FeedEnv = { now: Date; allowedOrigins: readonly string[]; resolver?: Resolver };

/**
 * Adds an iCal feed to a property in the caller's scope (404 otherwise). The URL is checked first
 * (https or allow-listed; no private, loopback or link-local host: 400 naming iCalUrl), outside
 * the transaction because it resolves the host name. A platform the host does not use yet must fit
 * in its tier's ota_integrations (403 naming the limit), checked in the insert's transaction so
 * that two feeds added at once cannot both take the last slot.
 */
export async function createFeed(db: Db, actor: Actor, input: CreateFeedInput, env: FeedEnv): Promise<FeedRow> {
  const property = assertRowInScope(db, actor, PROPERTIES, input.propertyId);
  const url = await assertFeedUrlAllowed(input.iCalUrl, env.allowedOrigins, env.resolver);
  return transact(db, (tx) => {
    const existing = tx
      .select({ id: calendarFeeds.id })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.property_id, input.propertyId), eq(calendarFeeds.ical_url, url), isNull(calendarFeeds.deleted_at)))
      .get();
    if (existing) throw new Conflict('This calendar is already connected to the property');
    assertOtaIntegrationAllowed(tx, String(property.host_id), input.platform.trim());
    return insertRow(
      tx,
      FEEDS,
      { host_id: String(property.host_id), property_id: input.propertyId, platform: input.platform.trim(), ical_url: url, is_active: true, created_at: nowIso(env.now) },
      env.now,
    ) as FeedRow;
  });
}

/**
 * The feeds a sync request names (each must be in scope: 404 otherwise), or every active feed in
 * the caller's scope when it names none.
 */
export function feedsToSync(db: Db, actor: Actor, feedIds: readonly string[] | undefined): FeedRow[] {
  const scope = scopeWhere(actor, FEEDS);
  if (feedIds === undefined) {
    return db
      .select()
      .from(calendarFeeds)
      .where(and(isNull(calendarFeeds.deleted_at), eq(calendarFeeds.is_active, true), scope))
      .orderBy(calendarFeeds.created_at, calendarFeeds.id)
      .all();
  }
  const unique = [...new Set(feedIds)];
  const found = unique.length === 0 ? [] : db.select().from(calendarFeeds).where(and(inArray(calendarFeeds.id, unique), isNull(calendarFeeds.deleted_at), scope)).all();
  const missing = unique.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw new NotFound(`No calendar_feeds row with ID ${missing}`);
  return unique.map((id) => found.find((f) => f.id === id) as FeedRow);
}

export type CalendarEvent = {
  uid: string;
  start: string;
  end: string;
  kind: 'booking' | 'block';
  source: string;
  summary: string;
  bookingId?: string;
  /** The feed an imported event came from. */
  feedId?: string;
  /** Shares nights with an event from elsewhere (shared/calendar-clashes.ts). */
  clash: boolean;
};

/** Longest range one calendar request may ask for. */
export const MAX_CALENDAR_DAYS = 1_100;

/**
 * The property's bookings (not cancelled) and blocks overlapping [from, to), check-out days
 * exclusive; by default a month back to a year ahead of the property's today.
 */
export function propertyCalendar(db: Db, actor: Actor, propertyId: string, range: { from?: string; to?: string }, now: Date): { events: CalendarEvent[] } {
  const property = assertRowInScope(db, actor, PROPERTIES, propertyId);
  const today = propertyToday(String(property.timezone), now);
  const from = range.from ?? addDays(today, -31);
  const to = range.to ?? addDays(from, 396);
  if (to <= from) throw new ValidationFailed('Invalid value for querystring to: must be after from');
  if (daysBetween(from, to) > MAX_CALENDAR_DAYS) throw new ValidationFailed(`Invalid value for querystring to: at most ${MAX_CALENDAR_DAYS} days after from`);

  const stays = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.property_id, propertyId), isNull(bookings.deleted_at), ne(bookings.booking_status, 'cancelled'), lt(bookings.check_in_date, to), gt(bookings.check_out_date, from)))
    .all();
  const blocks = db
    .select()
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.property_id, propertyId), isNull(calendarBlocks.deleted_at), lt(calendarBlocks.start_date, to), gt(calendarBlocks.end_date, from)))
    .all();
  const events: CalendarEvent[] = [
    ...stays.map((b) => {
      const feedId = feedOfExternalUid(b.external_uid);
      return {
        uid: bookingUid(b.id),
        start: b.check_in_date,
        end: b.check_out_date,
        kind: 'booking' as const,
        source: b.booking_source,
        summary: b.guest_name,
        bookingId: b.id,
        ...(feedId ? { feedId } : {}),
        clash: false,
      };
    }),
    ...blocks.map((b) => ({
      uid: blockUid(b.id),
      start: b.start_date,
      end: b.end_date,
      kind: 'block' as const,
      source: b.source,
      summary: b.summary,
      ...(b.feed_id ? { feedId: b.feed_id } : {}),
      clash: false,
    })),
  ].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid < b.uid ? -1 : 1));
  const clashing = clashingIds(events.map((e) => ({ id: e.uid, start: e.start, end: e.end, feedId: e.feedId })));
  for (const event of events) event.clash = clashing.has(event.uid);
  return { events };
}

/** The property and its export token, for the public export route. */
export function propertyForExport(db: Db, propertyId: string): { id: string; timezone: string; token: string | null } | undefined {
  return db
    .select({ id: properties.id, timezone: properties.timezone, token: properties.ical_export_token })
    .from(properties)
    .where(and(eq(properties.id, propertyId), isNull(properties.deleted_at)))
    .get();
}
