/**
 * Reconciliation on a temporary database, fed through the real fetch from the fake feed server:
 * first import, re-fetch with a moved stay (same row), a vanished stay (cancelled) and block
 * (tombstoned), an unchanged feed (no version bump), bad feeds (nothing changes), kind changes,
 * host edits kept, and the clashes of the conflict radar.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_JOB_TIMEOUT } from '../../shared/messages';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { bookings, calendarBlocks, calendarFeeds, guests, hostProfiles } from '../../shared/schema/tables';
import { currentVersion, insertRow, nowIso, updateRow, type Row } from '../src/db/write';
import { startFakeFeedServer, type FakeFeedServer } from '../src/integrations/ical/fake/server';
import { loadCorpus } from '../src/integrations/ical/fixtures/corpus';
import { reconcileFeed, recordFeedFailure } from '../src/integrations/ical/reconcile';
import { updateBooking } from '../src/modules/bookings/service';
import { syncFeed, type SyncFeedOutcome } from '../src/modules/calendar/service';
import { countersFromScratch } from '../src/modules/hosts/counters';
import { makeTestApp, type TestApp, inUnits } from './helpers';

const NOW = new Date('2026-06-15T12:00:00Z');
const corpus = Object.fromEntries(loadCorpus().map((c) => [c.name, c.bytes]));
let app: TestApp;
let server: FakeFeedServer;
let hostId: string;

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

function insert(id: number, values: Row): Row {
  return app.db.transaction((tx) => insertRow(tx, def(id), values, NOW));
}

let serial = 0;
/** A property (Paris time) with one feed whose URL is a fresh path on the fake server. */
function propertyWithFeed(platform = 'airbnb'): { propertyId: string; feedId: string; path: string } {
  serial += 1;
  const property = insert(TABLE_IDS.properties, { host_id: hostId, property_name: `Flat ${serial}`, timezone: 'Europe/Paris', created_date: nowIso(NOW) });
  return { propertyId: String(property.id), ...addFeed(String(property.id), platform) };
}

function addFeed(propertyId: string, platform: string): { feedId: string; path: string } {
  serial += 1;
  const path = `/feeds/${serial}.ics`;
  const feed = insert(TABLE_IDS.calendar_feeds, { host_id: hostId, property_id: propertyId, platform, ical_url: server.url(path), created_at: nowIso(NOW) });
  return { feedId: String(feed.id), path };
}

async function sync(feedId: string, now: Date = NOW): Promise<SyncFeedOutcome> {
  return syncFeed(app.db, feedId, { now: () => now, fetch: { allowedOrigins: [server.origin], timeoutMs: 400, maxBytes: 64 * 1024 } });
}

async function syncOk(feedId: string, now: Date = NOW) {
  const outcome = await sync(feedId, now);
  if (!outcome.ok) throw new Error(`sync failed: ${outcome.error}`);
  return outcome.result;
}

function feedBookings(feedId: string) {
  return app.db.select().from(bookings).where(like(bookings.external_uid, `${feedId}:%`)).all().map((r) => inUnits(bookings, r));
}

function bookingByUid(feedId: string, uid: string) {
  const row = inUnits(bookings, app.db.select().from(bookings).where(eq(bookings.external_uid, `${feedId}:${uid}:`)).get());
  if (!row) throw new Error(`no booking ${uid}`);
  return row;
}

function feedBlocks(feedId: string) {
  return app.db.select().from(calendarBlocks).where(eq(calendarBlocks.feed_id, feedId)).all();
}

function blockByUid(feedId: string, uid: string) {
  const row = app.db
    .select()
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.feed_id, feedId), eq(calendarBlocks.uid, uid)))
    .get();
  if (!row) throw new Error(`no block ${uid}`);
  return row;
}

function feedRow(feedId: string) {
  const row = app.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId)).get();
  if (!row) throw new Error('no feed');
  return row;
}

function calendar(...events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
}

beforeAll(async () => {
  app = await makeTestApp();
  server = await startFakeFeedServer();
  const user = insert(TABLE_IDS.users, { Email: 'ical-host@example.test', Role: 'host', CreateTime: nowIso(NOW) });
  hostId = String(insert(TABLE_IDS.host_profiles, { user_id: user.ID, email: 'ical-host@example.test', created_date: nowIso(NOW) }).id);
});
afterAll(async () => {
  await server.close();
  await app.cleanup();
});

describe('importing an Airbnb calendar and re-fetching it', () => {
  const state = { feedId: '', path: '', propertyId: '' };

  it('first import: bookings for stays, blocks for the rest, the feed row updated', async () => {
    const made = propertyWithFeed();
    Object.assign(state, made);
    server.set(made.path, { body: corpus['refetch-before'] });
    const result = await syncOk(made.feedId);
    expect(result).toMatchObject({ eventCount: 6, created: 6, updated: 0, unchanged: 0, cancelled: 0, removed: 0, clashes: [] });

    const r1 = bookingByUid(made.feedId, 'r1@airbnb.com');
    expect(r1).toMatchObject({
      host_id: hostId,
      property_id: made.propertyId,
      check_in_date: '2026-07-01',
      check_out_date: '2026-07-05',
      guest_name: 'Guest',
      booking_source: 'airbnb',
      booking_reference: 'HMAAAA1111',
      external_uid: `${made.feedId}:r1@airbnb.com:`,
      total_amount: 0,
      booking_status: 'confirmed',
      created_date: nowIso(NOW),
      deleted_at: null,
    });
    expect(feedBookings(made.feedId)).toHaveLength(4);
    expect(blockByUid(made.feedId, 'b1@airbnb.com')).toMatchObject({
      host_id: hostId,
      property_id: made.propertyId,
      feed_id: made.feedId,
      recurrence_id: '',
      start_date: '2026-09-01',
      end_date: '2026-09-05',
      summary: 'Airbnb (Not available)',
      source: 'airbnb',
      deleted_at: null,
    });
    expect(feedRow(made.feedId)).toMatchObject({ last_fetched_at: nowIso(NOW), last_success_at: nowIso(NOW), event_count: 6, last_error: null });
  });

  it('re-fetch: a moved stay keeps its row, vanished ones are cancelled or removed, past ones stay, unchanged rows are not written', async () => {
    const before = {
      r0: bookingByUid(state.feedId, 'r0-past@airbnb.com'),
      r1: bookingByUid(state.feedId, 'r1@airbnb.com'),
      r2: bookingByUid(state.feedId, 'r2@airbnb.com'),
      r3: bookingByUid(state.feedId, 'r3@airbnb.com'),
      b2: blockByUid(state.feedId, 'b2@airbnb.com'),
    };
    server.set(state.path, { body: corpus['refetch-after'] });
    const later = new Date('2026-06-15T13:00:00Z');
    const result = await syncOk(state.feedId, later);
    expect(result).toMatchObject({ eventCount: 5, created: 2, updated: 1, unchanged: 2, cancelled: 1, removed: 1 });
    expect(result.movedBookingIds).toEqual([before.r2.id]);
    expect(result.cancelledBookingIds).toEqual([before.r3.id]);

    const r2 = bookingByUid(state.feedId, 'r2@airbnb.com');
    expect(r2).toMatchObject({ id: before.r2.id, check_in_date: '2026-07-11', check_out_date: '2026-07-16', booking_status: 'confirmed' });
    expect(r2.version).toBeGreaterThan(before.r2.version);
    expect(bookingByUid(state.feedId, 'r3@airbnb.com')).toMatchObject({ id: before.r3.id, booking_status: 'cancelled', deleted_at: null });
    expect(blockByUid(state.feedId, 'b1@airbnb.com').deleted_at).toBe(nowIso(later));
    // The past stay left the export but happened: untouched.
    expect(bookingByUid(state.feedId, 'r0-past@airbnb.com')).toEqual(before.r0);
    expect(bookingByUid(state.feedId, 'r1@airbnb.com')).toEqual(before.r1);
    expect(blockByUid(state.feedId, 'b2@airbnb.com')).toEqual(before.b2);
    expect(bookingByUid(state.feedId, 'r4@airbnb.com')).toMatchObject({ check_in_date: '2026-08-20', check_out_date: '2026-08-25', booking_reference: 'HMDDDD4444' });
    expect(blockByUid(state.feedId, 'b3@airbnb.com')).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-02' });
    // Moved, never duplicated.
    expect(feedBookings(state.feedId).filter((b) => b.external_uid === `${state.feedId}:r2@airbnb.com:`)).toHaveLength(1);
  });

  it('an unchanged feed bumps no version but the feed row', async () => {
    const rows = () => [...feedBookings(state.feedId), ...feedBlocks(state.feedId)];
    const before = rows();
    const versionBefore = currentVersion(app.db);
    const result = await syncOk(state.feedId, new Date('2026-06-15T14:00:00Z'));
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: 5, cancelled: 0, removed: 0 });
    expect(rows()).toEqual(before);
    expect(currentVersion(app.db)).toBe(versionBefore + 1);
    expect(feedRow(state.feedId).version).toBe(versionBefore + 1);
  });

  it('a stay that comes back is confirmed again on its own row, and moves back', async () => {
    const r3 = bookingByUid(state.feedId, 'r3@airbnb.com');
    server.set(state.path, { body: corpus['refetch-before'] });
    const result = await syncOk(state.feedId);
    expect(bookingByUid(state.feedId, 'r3@airbnb.com')).toMatchObject({ id: r3.id, booking_status: 'confirmed' });
    expect(bookingByUid(state.feedId, 'r2@airbnb.com')).toMatchObject({ check_in_date: '2026-07-10', check_out_date: '2026-07-14' });
    expect(result.cancelled).toBe(1); // r4 left the feed
    expect(bookingByUid(state.feedId, 'r4@airbnb.com').booking_status).toBe('cancelled');
  });

  it('keeps a guest name the host typed for an Airbnb stay (the feed has none)', async () => {
    const r1 = bookingByUid(state.feedId, 'r1@airbnb.com');
    app.db.transaction((tx) => updateRow(tx, def(TABLE_IDS.bookings), r1.id, { guest_name: 'Ada Lovelace' }, NOW));
    await syncOk(state.feedId);
    expect(bookingByUid(state.feedId, 'r1@airbnb.com').guest_name).toBe('Ada Lovelace');
  });
});

function hostCounters() {
  const row = app.db
    .select({ total_bookings: hostProfiles.total_bookings, total_revenue: hostProfiles.total_revenue, version: hostProfiles.version })
    .from(hostProfiles)
    .where(eq(hostProfiles.id, hostId))
    .get();
  if (!row) throw new Error('no host profile');
  return row;
}

describe('the booking rules follow an import', () => {
  const vrbo = (...stays: [uid: string, name: string, from: string, to: string][]) =>
    calendar(...stays.map(([uid, name, from, to]) => [`UID:${uid}`, `DTSTART;VALUE=DATE:${from}`, `DTEND;VALUE=DATE:${to}`, `SUMMARY:Reserved - ${name}`]));

  it('host counters count imported stays, follow a moved priced stay with its commission, and drop a vanished one', async () => {
    const { feedId, path } = propertyWithFeed('vrbo');
    const start = hostCounters();
    const guestsBefore = app.db.select().from(guests).all().length;

    server.set(path, { body: vrbo(['s1', 'Ann Lee', '20260901', '20260905'], ['s2', 'Bob Ray', '20261001', '20261004']) });
    await syncOk(feedId);
    expect(hostCounters()).toMatchObject({ total_bookings: start.total_bookings + 2, total_revenue: start.total_revenue });
    expect(hostCounters().version).toBeGreaterThan(start.version);
    expect(bookingByUid(feedId, 's1')).toMatchObject({ total_amount: 0, commission_amount: 0, net_amount: 0 });
    // iCal feeds carry no guest e-mail, and the guest list is keyed by e-mail: no guest row.
    expect(app.db.select().from(guests).all()).toHaveLength(guestsBefore);

    // The host prices the stay (commission at the default 10 %); the feed then moves it.
    const s1 = bookingByUid(feedId, 's1');
    app.db.transaction((tx) => updateBooking(tx, s1, { total_amount: 400 }, { now: NOW }));
    expect(hostCounters().total_revenue).toBeCloseTo(start.total_revenue + 400, 2);
    server.set(path, { body: vrbo(['s1', 'Ann Lee', '20260902', '20260906'], ['s2', 'Bob Ray', '20261001', '20261004']) });
    const moved = await syncOk(feedId);
    expect(moved.movedBookingIds).toEqual([s1.id]);
    expect(bookingByUid(feedId, 's1')).toMatchObject({ check_in_date: '2026-09-02', total_amount: 400, commission_amount: 40, net_amount: 360 });
    expect(hostCounters()).toMatchObject({ total_bookings: start.total_bookings + 2 });
    expect(hostCounters().total_revenue).toBeCloseTo(start.total_revenue + 400, 2);

    // s1 leaves the feed: cancelled, and the counters lose its stay and its revenue.
    server.set(path, { body: vrbo(['s2', 'Bob Ray', '20261001', '20261004']) });
    const vanished = await syncOk(feedId);
    expect(vanished.cancelledBookingIds).toEqual([s1.id]);
    expect(bookingByUid(feedId, 's1').booking_status).toBe('cancelled');
    expect(hostCounters()).toMatchObject({ total_bookings: start.total_bookings + 1 });
    expect(hostCounters().total_revenue).toBeCloseTo(start.total_revenue, 2);
    const recount = app.db.transaction((tx) => countersFromScratch(tx, hostId));
    expect(hostCounters()).toMatchObject({ total_bookings: recount.total_bookings });
    expect(hostCounters().total_revenue).toBeCloseTo(recount.total_revenue, 2);
  });

  it('a guest e-mail the host adds to an imported stay makes a guest, which the import keeps up to date', async () => {
    const { feedId, path } = propertyWithFeed('vrbo');
    server.set(path, { body: vrbo(['g1', 'Cleo Park', '20261101', '20261104']) });
    await syncOk(feedId);
    const g1 = bookingByUid(feedId, 'g1');
    app.db.transaction((tx) => updateBooking(tx, g1, { guest_email: 'Cleo@Example.test', total_amount: 300 }, { now: NOW }));
    const guest = () => app.db.select().from(guests).where(and(eq(guests.host_id, hostId), eq(guests.guest_email, 'cleo@example.test'))).get();
    expect(guest()).toMatchObject({ guest_name: 'Cleo Park', total_bookings: 1 });
    expect(guest()?.total_spent).toBeCloseTo(300, 2);

    // The feed renames the guest and then drops the stay: the guest row follows both.
    server.set(path, { body: vrbo(['g1', 'Cleo Park-Lin', '20261101', '20261104']) });
    await syncOk(feedId);
    expect(guest()).toMatchObject({ guest_name: 'Cleo Park-Lin', total_bookings: 1 });
    server.set(path, { body: vrbo() });
    await syncOk(feedId);
    expect(guest()).toMatchObject({ total_bookings: 0, total_spent: 0 });
  });
});

describe('a feed that fails', () => {
  it.each([
    ['HTTP 500', { status: 500, body: 'down' }, 'The calendar server answered HTTP 500 (Internal Server Error)'],
    ['not iCal', { body: '<html>Please log in</html>' }, 'The address did not return an iCal calendar (no BEGIN:VCALENDAR)'],
    ['too large', { streamBytes: 200_000 }, 'The calendar is larger than 64 KB'],
    ['timeout', { body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', delayMs: 2_000 }, SYNC_JOB_TIMEOUT],
  ] as const)('%s: fails with its message and changes nothing imported', async (_name, route, message) => {
    const { feedId, path } = propertyWithFeed();
    server.set(path, { body: corpus['refetch-before'] });
    await syncOk(feedId);
    const snapshot = () => [...feedBookings(feedId), ...feedBlocks(feedId)];
    const before = snapshot();
    const feedBefore = feedRow(feedId);

    server.set(path, route);
    const failedAt = new Date('2026-06-16T08:00:00Z');
    const outcome = await sync(feedId, failedAt);
    expect(outcome).toMatchObject({ ok: false, error: message });
    expect(snapshot()).toEqual(before);
    expect(feedRow(feedId)).toMatchObject({ last_error: message, last_fetched_at: nowIso(failedAt), last_success_at: feedBefore.last_success_at, event_count: 6 });

    // The next good fetch clears the error.
    server.set(path, { body: corpus['refetch-before'] });
    await syncOk(feedId);
    expect(feedRow(feedId).last_error).toBeNull();
  });

  it('records a failure without touching anything when the feed no longer exists', () => {
    const version = currentVersion(app.db);
    recordFeedFailure(app.db, 'no-such-feed', 'whatever', NOW);
    expect(currentVersion(app.db)).toBe(version);
    expect(() => reconcileFeed(app.db, 'no-such-feed', [], { now: NOW, today: '2026-06-15' })).toThrow('Calendar feed not found');
  });
});

describe('kinds and recurrences', () => {
  it('an event that turns from a block into a booking (same UID) is never both', async () => {
    const { feedId, path } = propertyWithFeed('vrbo');
    const event = (summary: string) => calendar(['UID:k1', 'DTSTART;VALUE=DATE:20260901', 'DTEND;VALUE=DATE:20260905', `SUMMARY:${summary}`]);
    server.set(path, { body: event('Blocked') });
    await syncOk(feedId);
    const block = blockByUid(feedId, 'k1');
    server.set(path, { body: event('Reserved - Ann Lee') });
    const result = await syncOk(feedId);
    expect(result).toMatchObject({ created: 1, removed: 1 });
    expect(blockByUid(feedId, 'k1')).toMatchObject({ id: block.id, deleted_at: nowIso(NOW) });
    expect(bookingByUid(feedId, 'k1')).toMatchObject({ guest_name: 'Ann Lee', booking_reference: 'k1', booking_source: 'vrbo', booking_status: 'confirmed' });
  });

  it('stores each instance of a series under its RECURRENCE-ID and moves an overridden one', async () => {
    const { feedId, path } = propertyWithFeed('google-calendar');
    const master = ['UID:weekly', 'DTSTART;VALUE=DATE:20260706', 'DTEND;VALUE=DATE:20260707', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Cleaning'];
    server.set(path, { body: calendar(master) });
    await syncOk(feedId);
    const ids = feedBlocks(feedId).map((b) => [b.recurrence_id, b.start_date]);
    expect(ids.sort()).toEqual([
      ['20260706', '2026-07-06'],
      ['20260713', '2026-07-13'],
      ['20260720', '2026-07-20'],
    ]);
    const second = feedBlocks(feedId).find((b) => b.recurrence_id === '20260713');
    server.set(path, { body: calendar(master, ['UID:weekly', 'RECURRENCE-ID;VALUE=DATE:20260713', 'DTSTART;VALUE=DATE:20260715', 'DTEND;VALUE=DATE:20260716', 'SUMMARY:Cleaning']) });
    const result = await syncOk(feedId);
    expect(result).toMatchObject({ updated: 1, unchanged: 2, created: 0 });
    expect(feedBlocks(feedId).find((b) => b.recurrence_id === '20260713')).toMatchObject({ id: second?.id, start_date: '2026-07-15', end_date: '2026-07-16' });
  });
});

describe('the conflict radar', () => {
  it('reports overlaps with other sources on the same property, check-out day exclusive, and never refuses the import', async () => {
    const { propertyId, feedId, path } = propertyWithFeed('airbnb');
    const other = propertyWithFeed('airbnb');
    const direct = (checkIn: string, checkOut: string, values: Row = {}) =>
      String(
        insert(TABLE_IDS.bookings, {
          host_id: hostId,
          property_id: propertyId,
          guest_name: 'Direct guest',
          check_in_date: checkIn,
          check_out_date: checkOut,
          booking_source: 'direct',
          created_date: nowIso(NOW),
          ...values,
        }).id,
      );
    const overlapping = direct('2026-07-03', '2026-07-06');
    direct('2026-07-05', '2026-07-07'); // arrives on r1's check-out day: no clash
    direct('2026-07-02', '2026-07-04', { booking_status: 'cancelled' });
    direct('2026-07-01', '2026-07-05', { property_id: other.propertyId });
    const vrbo = addFeed(propertyId, 'vrbo');
    server.set(vrbo.path, { body: calendar(['UID:v-block', 'DTSTART;VALUE=DATE:20261001', 'DTEND;VALUE=DATE:20261003', 'SUMMARY:Blocked']) });
    await syncOk(vrbo.feedId);
    const vrboBlock = blockByUid(vrbo.feedId, 'v-block');

    server.set(path, { body: corpus['refetch-after'] });
    const result = await syncOk(feedId);
    expect(result.created).toBe(5);
    const r1 = bookingByUid(feedId, 'r1@airbnb.com');
    const b2 = blockByUid(feedId, 'b2@airbnb.com');
    expect(result.clashes).toEqual([
      {
        imported: { table: 'bookings', id: r1.id, start: '2026-07-01', end: '2026-07-05', source: 'airbnb', summary: 'Guest' },
        other: { table: 'bookings', id: overlapping, start: '2026-07-03', end: '2026-07-06', source: 'direct', summary: 'Direct guest' },
        sameDates: false,
      },
      {
        imported: { table: 'calendar_blocks', id: b2.id, start: '2026-10-01', end: '2026-10-03', source: 'airbnb', summary: 'Airbnb (Not available)' },
        other: { table: 'calendar_blocks', id: vrboBlock.id, start: '2026-10-01', end: '2026-10-03', source: 'vrbo', summary: 'Blocked' },
        sameDates: true,
      },
    ]);
    // A re-sync of the same feed does not clash with its own rows.
    const again = await syncOk(feedId);
    expect(again.clashes).toHaveLength(2);
  });
});
