/**
 * Feed health (server/src/modules/calendar/health.ts), through the scheduled poll against the fake
 * iCal server: three failed polls in a row alert the host once (a notification and a queued Web
 * Push), again only after a success and three new failures; a feed not read for six hours alerts
 * too; a healthy feed never does.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { calendarFeeds, notifications } from '../../shared/schema/tables';
import { insertRow, nowIso, type Row } from '../src/db/write';
import { startFakeFeedServer, type FakeFeedServer } from '../src/integrations/ical/fake/server';
import { loadCorpus } from '../src/integrations/ical/fixtures/corpus';
import { pollFeeds } from '../src/modules/calendar/poll';
import { makeTestApp, type TestApp } from './helpers';

const START = new Date('2026-06-15T12:00:00Z');
const STEP = 16 * 60 * 1000;
const corpus = Object.fromEntries(loadCorpus().map((c) => [c.name, c.bytes]));
let app: TestApp;
let server: FakeFeedServer;

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

function insert(id: number, values: Row): Row {
  return app.db.transaction((tx) => insertRow(tx, def(id), values, START));
}

beforeAll(async () => {
  app = await makeTestApp();
  server = await startFakeFeedServer();
});
afterAll(async () => {
  await server.close();
  await app.cleanup();
});

type Host = { userId: string; hostId: string; propertyId: string };

function host(name: string): Host {
  const user = insert(TABLE_IDS.users, { Email: `${name}@example.test`, Role: 'host', CreateTime: nowIso(START) });
  const hostId = String(insert(TABLE_IDS.host_profiles, { user_id: user.ID, created_date: nowIso(START) }).id);
  const propertyId = String(insert(TABLE_IDS.properties, { host_id: hostId, property_name: `${name} flat`, created_date: nowIso(START) }).id);
  insert(TABLE_IDS.push_subscriptions, { user_id: user.ID, endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, p256dh: 'p', auth: 'a', created_at: nowIso(START) });
  return { userId: String(user.ID), hostId, propertyId };
}

function feed(owner: Host, path: string, values: Row = {}): string {
  return String(insert(TABLE_IDS.calendar_feeds, { host_id: owner.hostId, property_id: owner.propertyId, platform: 'airbnb', ical_url: server.url(path), created_at: nowIso(START), ...values }).id);
}

const alertsOf = (owner: Host) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, owner.userId), eq(notifications.type, 'warning')))
    .all();
const feedRow = (id: string) => app.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id)).get();

let clock = START.getTime();
/** One scheduled poll, a little over the interval after the previous one. */
async function poll() {
  clock += STEP;
  const now = new Date(clock);
  return pollFeeds(app.db, { now: () => now, fetch: { allowedOrigins: [server.origin] } });
}

describe('feed health', () => {
  it('alerts once after three failed polls in a row, and again only after a recovery and three new failures', async () => {
    const owner = host('failing');
    const healthy = host('healthy');
    server.set('/broken.ics', { status: 500, body: 'x' });
    server.set('/fine.ics', { body: corpus['vrbo'] });
    const id = feed(owner, '/broken.ics');
    feed(healthy, '/fine.ics');

    expect((await poll()).healthAlerts).toEqual([]);
    expect((await poll()).healthAlerts).toEqual([]);
    expect(feedRow(id)).toMatchObject({ consecutive_failures: 2, health_alerted_at: null });
    const third = await poll();
    expect(third.healthAlerts).toEqual([id]);
    const [alert, ...rest] = alertsOf(owner);
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({ title: 'The airbnb calendar of failing flat is not syncing', hostId: owner.hostId });
    expect(alert!.message).toContain('The last 3 attempts to read it failed (The calendar server answered HTTP 500');
    // The alert goes to the host's device as a push too.
    expect(third.healthPushes).toBe(1);

    // Still failing: no second alert.
    await poll();
    await poll();
    expect(alertsOf(owner)).toHaveLength(1);
    expect(feedRow(id)).toMatchObject({ consecutive_failures: 5 });

    // Recovered: counters and flag cleared.
    server.set('/broken.ics', { body: corpus['vrbo'] });
    await poll();
    expect(feedRow(id)).toMatchObject({ consecutive_failures: 0, health_alerted_at: null, last_error: null });

    // Fails anew: alerted again at the third failure.
    server.set('/broken.ics', { status: 404, body: 'gone' });
    await poll();
    await poll();
    expect(alertsOf(owner)).toHaveLength(1);
    expect((await poll()).healthAlerts).toEqual([id]);
    expect(alertsOf(owner)).toHaveLength(2);
    expect(alertsOf(healthy)).toEqual([]);
  });

  it('alerts when a feed has not been read for six hours, once', async () => {
    const owner = host('stale');
    server.set('/slow.ics', { body: corpus['vrbo'] });
    const sevenHoursAgo = nowIso(new Date(clock - 7 * 60 * 60 * 1000));
    // Fetched a minute ago (so not due) but without a success for seven hours: a feed the poll never gets to.
    const id = feed(owner, '/slow.ics', { created_at: sevenHoursAgo, last_success_at: sevenHoursAgo, last_fetched_at: nowIso(new Date(clock + STEP - 60_000)) });
    expect((await poll()).healthAlerts).toEqual([id]);
    expect(alertsOf(owner)[0]!.message).toContain('not been read successfully for over six hours');
    expect((await poll()).healthAlerts).toEqual([]);
    expect(alertsOf(owner)).toHaveLength(1);
  });
});
