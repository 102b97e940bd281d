/**
 * The calendar routes over HTTP (app.inject): 401, 403, out-of-scope 404, 400 naming the field,
 * and the happy paths with the database checked.
 *
 * app.ts does not register calendarRoutes yet (another session owns it), so this file builds the
 * app from the same plugins, in the same order, as buildApp does for these routes. Once app.ts
 * registers them, `calendarApp` becomes `makeTestApp()` and nothing else changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { bookings, calendarFeeds, subscriptionTiers } from '../../shared/schema/tables';
import { insertRow, nowIso, type Row } from '../src/db/write';
import { startFakeFeedServer, type FakeFeedServer } from '../src/integrations/ical/fake/server';
import { loadCorpus } from '../src/integrations/ical/fixtures/corpus';
import { calendarRoutes } from '../src/modules/calendar/routes';
import { authPlugin } from '../src/plugins/auth';
import { accessPlugin } from '../src/plugins/access';
import { dbPlugin } from '../src/plugins/db';
import { errorsPlugin } from '../src/plugins/errors';

const NOW = new Date('2026-06-15T12:00:00Z');
const corpus = Object.fromEntries(loadCorpus().map((c) => [c.name, c.bytes]));
let app: FastifyInstance;
let dir: string;
let server: FakeFeedServer;

async function calendarApp(): Promise<FastifyInstance> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-calendar-'));
  const instance = Fastify({ logger: false });
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  instance.decorate('now', () => NOW);
  await instance.register(errorsPlugin);
  await instance.register(dbPlugin, { databasePath: path.join(dir, 'app.db') });
  await instance.register(authPlugin, { secret: Buffer.from('calendar-test-secret'), expiresIn: '1h' });
  await instance.register(accessPlugin);
  await instance.register(calendarRoutes);
  await instance.ready();
  return instance;
}

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

function insert(id: number, values: Row): Row {
  return app.db.transaction((tx) => insertRow(tx, def(id), values, NOW));
}

type Who = { token: string; hostId?: string; userId: string };

function user(role: 'host' | 'staff' | 'admin'): Who {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.test`;
  const row = insert(TABLE_IDS.users, { Email: email, Role: role, CreateTime: nowIso(NOW) });
  const userId = String(row.ID);
  const who: Who = { token: app.signSession(userId), userId };
  if (role === 'host') who.hostId = String(insert(TABLE_IDS.host_profiles, { user_id: userId, email, created_date: nowIso(NOW) }).id);
  if (role === 'staff') insert(TABLE_IDS.housekeeping_staff, { host_id: 'nobody', staff_name: 'S', staff_email: email, user_id: userId, created_date: nowIso(NOW) });
  return who;
}

function property(who: Who, values: Row = {}): string {
  return String(insert(TABLE_IDS.properties, { host_id: who.hostId, property_name: 'Villa Route', timezone: 'Europe/Paris', created_date: nowIso(NOW), ...values }).id);
}

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });

async function waitForJobs(who: Who, ids: string[]): Promise<{ id: string; status: string; progress: number; message: string }[]> {
  for (let i = 0; i < 100; i += 1) {
    const res = await app.inject({ method: 'GET', url: '/api/calendar/jobs', headers: auth(who) });
    const jobs = (res.json() as { jobs: { id: string; status: string; progress: number; message: string }[] }).jobs.filter((j) => ids.includes(j.id));
    if (jobs.length === ids.length && jobs.every((j) => j.status === 'completed' || j.status === 'failed')) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('jobs did not finish');
}

let host: Who;
let otherHost: Who;
let staff: Who;

beforeAll(async () => {
  server = await startFakeFeedServer();
  process.env.ICAL_ALLOWED_ORIGINS = server.origin;
  app = await calendarApp();
  host = user('host');
  otherHost = user('host');
  staff = user('staff');
});
afterAll(async () => {
  await app.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/calendar/feeds', () => {
  it('401 without a session, 403 for staff', async () => {
    const body = { propertyId: 'x', platform: 'airbnb', iCalUrl: server.url('/a.ics') };
    expect((await app.inject({ method: 'POST', url: '/api/calendar/feeds', payload: body })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/calendar/feeds', payload: body, headers: auth(staff) })).statusCode).toBe(403);
  });

  it('400 naming the field for a missing or refused URL, 404 for a property out of scope', async () => {
    const propertyId = property(host);
    const post = (payload: object, who = host) => app.inject({ method: 'POST', url: '/api/calendar/feeds', payload, headers: auth(who) });
    const missing = await post({ propertyId, platform: 'airbnb' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^Invalid value for iCalUrl: /);
    const loopback = await post({ propertyId, platform: 'airbnb', iCalUrl: 'http://127.0.0.1:9/cal.ics' });
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json()).toEqual({ error: 'Invalid value for iCalUrl: Only https calendar addresses may be fetched' });
    const metadata = await post({ propertyId, platform: 'airbnb', iCalUrl: 'https://169.254.169.254/latest' });
    expect(metadata.json().error).toMatch(/^Invalid value for iCalUrl: .*link-local address/);
    const noPlatform = await post({ propertyId, platform: ' ', iCalUrl: server.url('/a.ics') });
    expect(noPlatform.json().error).toMatch(/^Invalid value for platform: /);
    const foreign = await post({ propertyId, platform: 'airbnb', iCalUrl: server.url('/a.ics') }, otherHost);
    expect(foreign.statusCode).toBe(404);
  });

  it('201 with the feed for an allow-listed URL; the same URL twice on one property is a 409', async () => {
    const propertyId = property(host);
    const payload = { propertyId, platform: 'airbnb', iCalUrl: server.url('/route-feed.ics') };
    const res = await app.inject({ method: 'POST', url: '/api/calendar/feeds', payload, headers: auth(host) });
    expect(res.statusCode).toBe(201);
    const feed = res.json() as { id: string };
    expect(feed).toMatchObject({ host_id: host.hostId, property_id: propertyId, platform: 'airbnb', ical_url: server.url('/route-feed.ics'), event_count: 0, last_error: null });
    expect(app.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id)).get()).toMatchObject({ host_id: host.hostId });
    const again = await app.inject({ method: 'POST', url: '/api/calendar/feeds', payload, headers: auth(host) });
    expect(again.statusCode).toBe(409);
  });
});

describe('POST /api/calendar/feeds and the tier limit', () => {
  it('a host on basic (2 OTA integrations) adds feeds of its two platforms freely and is refused a third with 403', async () => {
    // Only while this test runs: the other hosts of this file are on basic too, and unlimited without a row.
    const tier = insert(TABLE_IDS.subscription_tiers, { tier_name: 'basic', monthly_price: 29.99, properties_limit: 5, ota_integrations: 2, commission_rate: 15, sort_order: 1 });
    try {
      const basic = user('host');
      const first = property(basic);
      const second = property(basic);
      const post = (propertyId: string, platform: string, file: string) =>
        app.inject({ method: 'POST', url: '/api/calendar/feeds', payload: { propertyId, platform, iCalUrl: server.url(`/tier/${file}.ics`) }, headers: auth(basic) });
      expect((await post(first, 'airbnb', 'a1')).statusCode).toBe(201);
      expect((await post(first, 'vrbo', 'v1')).statusCode).toBe(201);
      // A platform already in use costs nothing more, on any property.
      expect((await post(second, ' Airbnb ', 'a2')).statusCode).toBe(201);
      const third = await post(second, 'booking.com', 'b1');
      expect(third.statusCode).toBe(403);
      expect(third.json()).toEqual({ error: 'The basic plan allows 2 OTA integrations (in use: airbnb, vrbo): move to a larger plan to connect booking.com' });
      expect(app.db.select().from(calendarFeeds).where(eq(calendarFeeds.host_id, basic.hostId ?? '')).all()).toHaveLength(3);
    } finally {
      app.db.update(subscriptionTiers).set({ deleted_at: nowIso(NOW) }).where(eq(subscriptionTiers.id, String(tier.id))).run();
    }
  });
});

describe('POST /api/calendar/sync and GET /api/calendar/jobs', () => {
  it('queues a job per feed and runs them; the jobs show status, progress and message', async () => {
    const propertyId = property(host, { property_name: 'Synced Villa' });
    server.set('/sync-good.ics', { body: corpus['refetch-before'] });
    server.set('/sync-bad.ics', { status: 500, body: 'x' });
    const add = async (file: string, platform: string) =>
      (await app.inject({ method: 'POST', url: '/api/calendar/feeds', payload: { propertyId, platform, iCalUrl: server.url(file) }, headers: auth(host) })).json() as { id: string };
    const good = await add('/sync-good.ics', 'airbnb');
    const bad = await add('/sync-bad.ics', 'vrbo');

    const res = await app.inject({ method: 'POST', url: '/api/calendar/sync', payload: { feedIds: [good.id, bad.id] }, headers: auth(host) });
    expect(res.statusCode).toBe(202);
    const queued = (res.json() as { jobs: { id: string; status: string; propertyName: string }[] }).jobs;
    expect(queued.map((j) => [j.status, j.propertyName])).toEqual([
      ['pending', 'Synced Villa'],
      ['pending', 'Synced Villa'],
    ]);
    const done = await waitForJobs(
      host,
      queued.map((j) => j.id),
    );
    const byId = new Map(done.map((j) => [j.id, j]));
    expect(byId.get(queued[0]?.id ?? '')).toMatchObject({ status: 'completed', progress: 100, message: 'Synced 6 events: 6 new, 0 changed, 0 removed' });
    expect(byId.get(queued[1]?.id ?? '')).toMatchObject({ status: 'failed', message: 'The calendar server answered HTTP 500 (Internal Server Error)' });
    expect(app.db.select().from(bookings).where(eq(bookings.property_id, propertyId)).all()).toHaveLength(4);

    const others = await app.inject({ method: 'GET', url: '/api/calendar/jobs', headers: auth(otherHost) });
    expect(others.json()).toEqual({ jobs: [] });
  });

  it('404 for a feed out of scope, 400 for a malformed body, 401 without a session', async () => {
    const propertyId = property(host);
    server.set('/scoped.ics', { body: corpus['vrbo'] });
    const feed = (await app.inject({ method: 'POST', url: '/api/calendar/feeds', payload: { propertyId, platform: 'vrbo', iCalUrl: server.url('/scoped.ics') }, headers: auth(host) })).json() as { id: string };
    const foreign = await app.inject({ method: 'POST', url: '/api/calendar/sync', payload: { feedIds: [feed.id] }, headers: auth(otherHost) });
    expect(foreign.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'POST', url: '/api/calendar/sync', payload: { feedIds: 'all' }, headers: auth(host) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/^Invalid value for feedIds: /);
    expect((await app.inject({ method: 'GET', url: '/api/calendar/jobs' })).statusCode).toBe(401);
  });
});

describe('GET /api/properties/:id/calendar', () => {
  it('lists bookings and blocks with clash marks, validates the range, 404 out of scope', async () => {
    const propertyId = property(host);
    const direct = String(
      insert(TABLE_IDS.bookings, { host_id: host.hostId, property_id: propertyId, guest_name: 'Ann', check_in_date: '2026-07-03', check_out_date: '2026-07-06', booking_source: 'direct', created_date: nowIso(NOW) }).id,
    );
    insert(TABLE_IDS.bookings, { host_id: host.hostId, property_id: propertyId, guest_name: 'Gone', check_in_date: '2026-07-03', check_out_date: '2026-07-06', booking_status: 'cancelled', created_date: nowIso(NOW) });
    const feedId = String(insert(TABLE_IDS.calendar_feeds, { host_id: host.hostId, property_id: propertyId, platform: 'airbnb', ical_url: 'https://x.test/a.ics', created_at: nowIso(NOW) }).id);
    const block = String(insert(TABLE_IDS.calendar_blocks, { host_id: host.hostId, property_id: propertyId, feed_id: feedId, uid: 'b', start_date: '2026-07-05', end_date: '2026-07-08', summary: 'Airbnb (Not available)', source: 'airbnb' }).id);
    insert(TABLE_IDS.calendar_blocks, { host_id: host.hostId, property_id: propertyId, feed_id: feedId, uid: 'c', start_date: '2026-07-08', end_date: '2026-07-09', summary: 'Airbnb (Not available)', source: 'airbnb' });

    const res = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}/calendar?from=2026-07-01&to=2026-07-31`, headers: auth(host) });
    expect(res.statusCode).toBe(200);
    expect(res.json().events).toEqual([
      { uid: `booking-${direct}@staykeep`, start: '2026-07-03', end: '2026-07-06', kind: 'booking', source: 'direct', summary: 'Ann', bookingId: direct, clash: true },
      { uid: `block-${block}@staykeep`, start: '2026-07-05', end: '2026-07-08', kind: 'block', source: 'airbnb', summary: 'Airbnb (Not available)', feedId, clash: true },
      expect.objectContaining({ start: '2026-07-08', end: '2026-07-09', clash: false }),
    ]);
    const before = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}/calendar?from=2026-07-09&to=2026-07-31`, headers: auth(host) });
    expect(before.json().events).toEqual([]);

    const badDate = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}/calendar?from=2026-02-30`, headers: auth(host) });
    expect(badDate.json()).toEqual({ error: 'Invalid value for querystring from: must be a date as YYYY-MM-DD' });
    const reversed = await app.inject({ method: 'GET', url: `/api/properties/${propertyId}/calendar?from=2026-07-10&to=2026-07-01`, headers: auth(host) });
    expect(reversed.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/properties/${propertyId}/calendar`, headers: auth(otherHost) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/properties/${propertyId}/calendar`, headers: auth(staff) })).statusCode).toBe(403);
  });
});

describe('GET /ical/:propertyId/:token.ics', () => {
  it('serves the export at the secret URL only', async () => {
    const propertyId = property(host, { ical_export_token: 'tok_123-abc' });
    const booking = String(
      insert(TABLE_IDS.bookings, { host_id: host.hostId, property_id: propertyId, guest_name: 'Private Name', check_in_date: '2026-08-01', check_out_date: '2026-08-04', created_date: nowIso(NOW) }).id,
    );
    const res = await app.inject({ method: 'GET', url: `/ical/${propertyId}/tok_123-abc.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(res.body).toContain(`UID:booking-${booking}@staykeep`);
    expect(res.body).toContain('DTSTART;VALUE=DATE:20260801');
    expect(res.body).toContain('DTEND;VALUE=DATE:20260804');
    expect(res.body).not.toContain('Private Name');
    expect((await app.inject({ method: 'GET', url: `/ical/${propertyId}/tok_123-abd.ics` })).statusCode).toBe(404);
    const tokenless = property(host);
    expect((await app.inject({ method: 'GET', url: `/ical/${tokenless}/null.ics` })).statusCode).toBe(404);
  });
});
