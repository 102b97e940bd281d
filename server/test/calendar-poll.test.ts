/** The scheduled poll: which feeds are due, concurrency, failures counted, clashes notified. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { calendarFeeds } from '../../shared/schema/tables';
import { insertRow, nowIso, tombstoneRow, type Row } from '../src/db/write';
import { startFakeFeedServer, type FakeFeedServer } from '../src/integrations/ical/fake/server';
import { loadCorpus } from '../src/integrations/ical/fixtures/corpus';
import { pollFeeds } from '../src/modules/calendar/poll';
import { makeTestApp, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T12:00:00Z');
const corpus = Object.fromEntries(loadCorpus().map((c) => [c.name, c.bytes]));
let app: TestApp;
let server: FakeFeedServer;

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

function insert(id: number, values: Row): Row {
  return app.db.transaction((tx) => insertRow(tx, def(id), values, NOW));
}

beforeAll(async () => {
  app = await makeTestApp();
  server = await startFakeFeedServer();
});
afterAll(async () => {
  await server.close();
  await app.cleanup();
});

describe('pollFeeds', () => {
  it('syncs the active feeds not fetched within the interval, and nothing else', async () => {
    const user = insert(TABLE_IDS.users, { Email: 'poll@example.test', Role: 'host', CreateTime: nowIso(NOW) });
    const hostId = String(insert(TABLE_IDS.host_profiles, { user_id: user.ID, created_date: nowIso(NOW) }).id);
    const propertyId = String(insert(TABLE_IDS.properties, { host_id: hostId, property_name: 'Polled', timezone: 'Europe/Paris', created_date: nowIso(NOW) }).id);
    insert(TABLE_IDS.bookings, { host_id: hostId, property_id: propertyId, guest_name: 'Direct', check_in_date: '2026-07-02', check_out_date: '2026-07-03', booking_source: 'direct', created_date: nowIso(NOW) });
    const feed = (path: string, values: Row = {}) => {
      return String(insert(TABLE_IDS.calendar_feeds, { host_id: hostId, property_id: propertyId, platform: 'airbnb', ical_url: server.url(path), created_at: nowIso(NOW), ...values }).id);
    };
    server.set('/never.ics', { body: corpus['refetch-before'] });
    server.set('/stale.ics', { status: 500, body: 'x' });
    server.set('/fresh.ics', { body: corpus['vrbo'] });
    const never = feed('/never.ics');
    const stale = feed('/stale.ics', { last_fetched_at: '2026-06-15T11:40:00.000Z' });
    feed('/fresh.ics', { last_fetched_at: '2026-06-15T11:50:00.000Z' });
    feed('/fresh.ics', { is_active: false });
    const deleted = feed('/fresh.ics');
    app.db.transaction((tx) => tombstoneRow(tx, def(TABLE_IDS.calendar_feeds), deleted, NOW));

    const poked: [number, string | null | undefined][] = [];
    const stop = app.changes.subscribe((batch) => {
      for (const c of batch.changes) if (c.table === TABLE_IDS.bookings || c.table === TABLE_IDS.calendar_blocks) poked.push([c.table, c.ownerAfter]);
    });
    const summary = await pollFeeds(app.db, {
      now: () => NOW,
      fetch: { allowedOrigins: [server.origin] },
      concurrency: 2,
    });
    expect(summary).toEqual({ due: 2, succeeded: 1, failed: 1, notifications: 1, feedIds: [never, stale], healthAlerts: [], healthPushes: 0 });
    // The imported stays and blocks reach the change feed (and so their host's devices) as the host's rows.
    expect(new Set(poked.map(([table]) => table))).toEqual(new Set([TABLE_IDS.bookings, TABLE_IDS.calendar_blocks]));
    expect(new Set(poked.map(([, owner]) => owner))).toEqual(new Set([hostId]));
    const seen = poked.length;
    expect(server.hits('/fresh.ics')).toBe(0);
    const row = (id: string) => app.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id)).get();
    expect(row(never)).toMatchObject({ last_success_at: nowIso(NOW), event_count: 6, last_error: null });
    expect(row(stale)).toMatchObject({ last_fetched_at: nowIso(NOW), last_error: 'The calendar server answered HTTP 500 (Internal Server Error)' });

    const again = await pollFeeds(app.db, { now: () => NOW, fetch: { allowedOrigins: [server.origin] } });
    expect(again.due).toBe(0);
    expect(poked).toHaveLength(seen);
    stop();
  });
});
