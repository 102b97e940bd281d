/**
 * Channel-partner routes against the fake Tokeet over real HTTP: the platform credentials, a
 * host's connection (state bound to its user, single use, short-lived), refresh on 401, each sync
 * (re-syncs create no duplicates, a cancelled stay frees its dates, the plan's property limit),
 * the log and stats. Stay days never move whatever the server's TZ: one test switches TZ while it
 * runs, and the whole file passes under TZ=America/Los_Angeles and TZ=Asia/Tokyo too.
 */
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { bookings, calendarBlocks, notifications, channelCredentials, guests, inboxMessages, partnerBookings, partnerMessages, partnerOauthTokens, partnerProperties, partnerRates, partnerSyncLogs, properties } from '../../shared/schema/tables';
import { dayStamp, startFakeTokeet, type FakeTokeet } from '../src/integrations/tokeet/fake/server';
import { makeTestApp, type TestApp, inUnits } from './helpers';
import { createHost, createProperty, createUser, insertFixture, type HostFixture, type UserFixture } from './fixtures';

const ORIGIN = 'https://staykeep.test';

describe('channel partner (Tokeet)', () => {
  let fake: FakeTokeet;
  let app: TestApp;
  let clock = Date.parse('2026-06-10T09:30:00Z');
  let admin: UserFixture;
  let host: HostFixture;
  let otherHost: HostFixture;
  let harbourId: string;

  const call = async (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  const day = (offset: number) => new Date(clock + offset * 86_400_000).toISOString().slice(0, 10);
  const stamp = (offset: number) => dayStamp(day(offset));

  const credentials = (extra: Record<string, unknown> = {}) => ({
    client_id: fake.clientId,
    secret_key: fake.clientSecret,
    partner_email: fake.partnerEmail,
    partner_id: fake.partnerId,
    sandbox_base_url: fake.origin,
    sandbox_mode: true,
    ...extra,
  });

  /** Opens the authorize URL at the fake as a browser would and answers the callback's code and state. */
  async function authorize(token: string): Promise<{ code: string; state: string }> {
    const res = await call(token, 'GET', '/api/partner/oauth/authorize-url?return_to=%2Fhost%2Fchannels');
    expect(res.statusCode).toBe(200);
    const dialog = await fetch(res.json<{ url: string }>().url, { redirect: 'manual' });
    expect(dialog.status).toBe(302);
    const back = new URL(dialog.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/admin/tokeet-callback`);
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  }

  const sync = async (type: string) => {
    const res = await call(host.token, 'POST', `/api/partner/sync/${type}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ status: string; record_count: number; skipped: number; message: string; errors: string[]; not_imported: { property_name: string; reason: string }[] }>();
  };

  const partnerBookingsOf = () => app.db.select().from(bookings).where(and(eq(bookings.host_id, host.hostProfileId), like(bookings.external_uid, 'tokeet:%'))).all().map((r) => inUnits(bookings, r));

  beforeAll(async () => {
    fake = await startFakeTokeet();
    app = await makeTestApp({ integrationAllowedOrigins: [fake.origin], publicOrigin: ORIGIN, now: () => new Date(clock) });
    insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'basic', monthly_price: 29.99, properties_limit: 2, ota_integrations: 2, commission_rate: 15 });
    admin = createUser(app, 'admin');
    host = createHost(app);
    otherHost = createHost(app);
    harbourId = String(createProperty(app, host.hostProfileId, { property_name: 'Harbour Loft', max_guests: 4 }).id);
  });
  afterAll(async () => {
    await app.cleanup();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  describe('platform credentials', () => {
    it('answers "Credentials not configured" and the test message before any are saved', async () => {
      expect((await call(admin.token, 'GET', '/api/partner/credentials')).json()).toEqual({ credentials: null });
      const url = await call(host.token, 'GET', '/api/partner/oauth/authorize-url');
      expect(url.statusCode).toBe(400);
      expect(url.json()).toEqual({ error: 'Credentials not configured' });
      const test = await call(host.token, 'POST', '/api/partner/test');
      expect(test.json()).toEqual({ error: 'No credentials available for testing' });
    });

    it('is for admins, and names a bad field', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/partner/credentials', payload: {} })).statusCode).toBe(401);
      expect((await call(host.token, 'POST', '/api/partner/credentials', credentials())).statusCode).toBe(403);
      expect((await call(host.token, 'GET', '/api/partner/credentials')).statusCode).toBe(403);
      const email = await call(admin.token, 'POST', '/api/partner/credentials', credentials({ partner_email: 'nope' }));
      expect(email.statusCode).toBe(400);
      expect(email.json().error).toMatch(/^Invalid value for partner_email/);
      const plain = await call(admin.token, 'POST', '/api/partner/credentials', credentials({ sandbox_base_url: 'http://127.0.0.2:9' }));
      expect(plain.statusCode).toBe(400);
      expect(plain.json().error).toMatch(/^Invalid value for sandbox_base_url: Only https Tokeet base URLs/);
      const noSecret = await call(admin.token, 'POST', '/api/partner/credentials', credentials({ secret_key: undefined }));
      expect(noSecret.json()).toEqual({ error: 'Invalid value for secret_key: is required' });
    });

    it('saves them with the secret encrypted and never answered', async () => {
      const res = await call(admin.token, 'POST', '/api/partner/credentials', credentials());
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Tokeet PAPI credentials saved successfully to database');
      expect(res.json().credentials).toMatchObject({ client_id: fake.clientId, secret_key_set: true, base_url: fake.origin, sandbox_mode: true });
      expect(JSON.stringify(res.json())).not.toContain(fake.clientSecret);
      const row = app.db.select().from(channelCredentials).get()!;
      expect(row.secret_key).toMatch(/^v1:/);
      expect(row.user_id).toBe(admin.userId);
      // Saved again without a secret: the stored one stays.
      const again = await call(admin.token, 'POST', '/api/partner/credentials', credentials({ secret_key: undefined }));
      expect(again.json().credentials.secret_key_set).toBe(true);
      expect(app.db.select().from(channelCredentials).all()).toHaveLength(1);
    });
  });

  describe('connect', () => {
    it('builds the authorize URL with the scopes and the callback', async () => {
      const res = await call(host.token, 'GET', '/api/partner/oauth/authorize-url');
      const url = new URL(res.json<{ url: string }>().url);
      expect(`${url.origin}${url.pathname}`).toBe(`${fake.origin}/dialog/`);
      expect(url.searchParams.get('client_id')).toBe(fake.clientId);
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/admin/tokeet-callback`);
      expect(url.searchParams.get('scope')).toContain('rentals');
      expect(url.searchParams.get('state')?.length).toBeGreaterThan(30);
      expect((await call(host.token, 'GET', '/api/partner/oauth/authorize-url?return_to=https://evil.test')).statusCode).toBe(400);
    });

    it('refuses the state of another user, a reused state and an expired one', async () => {
      const { code, state } = await authorize(host.token);
      const wrong = await call(otherHost.token, 'POST', '/api/partner/oauth/complete', { code, state });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatch(/^OAuth authentication failed/);
      expect(app.db.select().from(partnerOauthTokens).all()).toHaveLength(0);

      const ok = await call(host.token, 'POST', '/api/partner/oauth/complete', { code, state });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ message: 'Tokeet OAuth authentication completed successfully', return_to: '/host/channels', connection: { connected: true, tokeet_user_id: fake.account.userId } });
      expect(ok.json().connection.token_expires_at).toBe(new Date(clock + fake.tokenLifetime * 1000).toISOString());
      const reused = await call(host.token, 'POST', '/api/partner/oauth/complete', { code, state });
      expect(reused.json().error).toBe('OAuth authentication failed: the state was already used');

      const late = await authorize(host.token);
      clock += 11 * 60_000;
      const expired = await call(host.token, 'POST', '/api/partner/oauth/complete', late);
      expect(expired.json().error).toBe('OAuth authentication failed: the state has expired, start again');
    });

    it('stores the tokens encrypted as the host\'s and passes the connection test', async () => {
      const row = app.db.select().from(partnerOauthTokens).where(isNull(partnerOauthTokens.deleted_at)).get()!;
      expect(row.user_id).toBe(host.userId);
      expect(row.access_token).toMatch(/^v1:/);
      expect(row.refresh_token).toMatch(/^v1:/);
      const test = await call(host.token, 'POST', '/api/partner/test');
      expect(test.json()).toEqual({ ok: true, message: 'Tokeet Partner API connection test successful' });
      const other = await call(otherHost.token, 'POST', '/api/partner/test');
      expect(other.json()).toEqual({ ok: false, message: 'Tokeet Partner API connection test failed - please complete OAuth flow' });
    });
  });

  describe('syncs', () => {
    it('maps rentals: a same-named property is linked, new ones created within the plan, the rest listed with the reason; a 401 refreshes once', async () => {
      fake.account.rentals.push({ pkey: 'r-harbour', name: 'Harbour Loft', type: 'loft', bedrooms: 2, sleep_max: 4, currency: 'EUR' }, { pkey: 'r-sea', name: 'Sea View', currency: 'jpy' }, { pkey: 'r-cabin', name: 'Mountain Cabin', bedrooms: 3 });
      const before = app.db.select().from(partnerOauthTokens).where(isNull(partnerOauthTokens.deleted_at)).get()!;
      fake.expireAccessTokens();
      const result = await sync('properties');
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /rentals', 'POST /oauth/token', 'GET /rentals']);
      const after = app.db.select().from(partnerOauthTokens).where(isNull(partnerOauthTokens.deleted_at)).get()!;
      expect(after.access_token).not.toBe(before.access_token);

      expect(result).toMatchObject({ status: 'success', record_count: 3, message: 'Synced 3 properties from Tokeet PAPI' });
      expect(result.not_imported).toEqual([{ tokeet_property_id: 'r-cabin', property_name: 'Mountain Cabin', reason: expect.stringMatching(/plan allows 2 properties/) }]);
      const mapped = new Map(app.db.select().from(partnerProperties).all().map((p) => [p.tokeet_property_id, p]));
      expect(mapped.get('r-harbour')?.local_property_id).toBe(harbourId);
      expect(mapped.get('r-cabin')).toMatchObject({ local_property_id: null, not_imported_reason: expect.stringMatching(/plan allows/) });
      const sea = app.db.select().from(properties).where(eq(properties.id, mapped.get('r-sea')?.local_property_id ?? '')).get()!;
      // A new property is priced in its rental's currency.
      expect(sea).toMatchObject({ property_name: 'Sea View', property_type: 'apartment', bedrooms: 0, max_guests: 1, currency: 'JPY', host_id: host.hostProfileId });

      const again = await sync('properties');
      expect(again.record_count).toBe(3);
      expect(app.db.select().from(partnerProperties).all()).toHaveLength(3);
      expect(app.db.select().from(properties).where(eq(properties.host_id, host.hostProfileId)).all()).toHaveLength(2);
    });

    it('imports reservations in the window through the booking service; inquiries, cancelled stays and bad records never block dates', async () => {
      const booked = Math.floor(clock / 1000) - 86_400;
      fake.account.bookings.push(
        { pkey: 'b-1', rental_id: 'r-harbour', guest_arrive: stamp(5), guest_depart: stamp(9), booked, status: 'booked', source: 'airbnb', guest_details: { name: 'Ana Lima', emails: ['Ana@Example.test'], phones: ['+351 1'] }, num_adults: 2, num_child: 1, total_cost: 800, currency: 'eur' },
        { pkey: 'b-inquiry', rental_id: 'r-harbour', guest_arrive: stamp(20), guest_depart: stamp(22), booked: 0, guest_details: { name: 'Maybe Guest' } },
        { pkey: 'b-cancelled', rental_id: 'r-sea', guest_arrive: stamp(3), guest_depart: stamp(4), booked, status: 'cancelled' },
        { pkey: 'b-cabin', rental_id: 'r-cabin', guest_arrive: stamp(2), guest_depart: stamp(6), booked },
        { pkey: 'b-far', rental_id: 'r-harbour', guest_arrive: stamp(200), guest_depart: stamp(203), booked },
        { pkey: 'b-bad', rental_id: 'r-harbour', guest_arrive: stamp(12), guest_depart: stamp(11), booked },
      );
      const result = await sync('bookings');
      const query = fake.requests.find((r) => r.path === '/partner/bookings')!.query;
      expect(Number(query.get('start_date'))).toBe(Math.floor(Date.parse('2026-05-10T09:30:00Z') / 1000) + (clock - Date.parse('2026-06-10T09:30:00Z')) / 1000);
      expect(result).toMatchObject({ status: 'success', record_count: 4, skipped: 1, message: 'Synced 4 bookings from Tokeet PAPI' });
      expect(result.errors[0]).toMatch(/^b-bad: /);

      const stays = partnerBookingsOf();
      expect(stays).toHaveLength(1);
      expect(stays[0]).toMatchObject({
        property_id: harbourId,
        check_in_date: day(5),
        check_out_date: day(9),
        guest_name: 'Ana Lima',
        guest_email: 'ana@example.test',
        guests_count: 3,
        total_amount: 800,
        commission_amount: 80,
        currency: 'EUR',
        booking_source: 'airbnb',
        booking_status: 'confirmed',
      });
      expect(app.db.select().from(guests).where(eq(guests.host_id, host.hostProfileId)).all().map((g) => g.guest_email)).toContain('ana@example.test');
      const kept = new Map(app.db.select().from(partnerBookings).all().map((b) => [b.tokeet_booking_id, inUnits(partnerBookings, b)]));
      expect(kept.get('b-1')).toMatchObject({ currency: 'EUR', booking_status: 'confirmed', check_in_date: day(5) });
      expect(kept.get('b-inquiry')?.booking_status).toBe('inquiry');
      expect(kept.get('b-cancelled')?.booking_status).toBe('cancelled');
      expect(kept.has('b-far')).toBe(false);

      const again = await sync('bookings');
      expect(again.record_count).toBe(4);
      expect(partnerBookingsOf()).toHaveLength(1);
      expect(app.db.select().from(partnerBookings).all()).toHaveLength(4);
    });

    it('cancels the booking of a reservation cancelled since the last sync', async () => {
      const b1 = fake.account.bookings.find((b) => b.pkey === 'b-1')!;
      b1.status = 'cancelled';
      await sync('bookings');
      expect(partnerBookingsOf()[0]?.booking_status).toBe('cancelled');
      b1.status = 'booked';
      await sync('bookings');
      expect(partnerBookingsOf()).toHaveLength(1);
      expect(partnerBookingsOf()[0]?.booking_status).toBe('confirmed');
    });

    it('keeps a stay on its days whatever the server timezone', async () => {
      const saved = process.env.TZ;
      const booked = Math.floor(clock / 1000);
      fake.account.bookings.push({ pkey: 'b-tz', rental_id: 'r-sea', guest_arrive: stamp(40), guest_depart: stamp(42), booked });
      const stayOf = () => partnerBookingsOf().find((b) => b.external_uid === 'tokeet:b-tz');
      try {
        for (const [tz, shift] of [['America/Los_Angeles', 0], ['Asia/Tokyo', 1], ['Pacific/Kiritimati', 2], ['Pacific/Pago_Pago', 3]] as const) {
          process.env.TZ = tz;
          const b = fake.account.bookings.find((x) => x.pkey === 'b-tz')!;
          b.guest_arrive = stamp(40 + shift);
          b.guest_depart = stamp(42 + shift);
          await sync('bookings');
          expect(stayOf()).toMatchObject({ check_in_date: day(40 + shift), check_out_date: day(42 + shift) });
        }
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
      expect(partnerBookingsOf().filter((b) => b.external_uid === 'tokeet:b-tz')).toHaveLength(1);
      fake.account.bookings.splice(fake.account.bookings.findIndex((x) => x.pkey === 'b-tz'), 1);
    });

    it('puts guest messages in the inbox, unread, linked to their booking, once', async () => {
      fake.account.messages.push(
        { pkey: 'm-1', inquiry_id: 'b-1', content: 'What time is check-in?', created: Math.floor(clock / 1000) - 600 },
        { pkey: 'm-2', guest_name: 'Walk In', guest_email: 'walk@example.test', content: 'Is it free next week?', created: Math.floor(clock / 1000) },
        { pkey: 'm-3', content: '' },
      );
      const result = await sync('messages');
      expect(result).toMatchObject({ record_count: 2, skipped: 1, message: 'Synced 2 messages from Tokeet PAPI' });
      const inbox = app.db.select().from(inboxMessages).where(eq(inboxMessages.host_id, host.hostProfileId)).all();
      expect(inbox).toHaveLength(2);
      const first = inbox.find((m) => m.message_content === 'What time is check-in?')!;
      expect(first).toMatchObject({ status: 'unread', direction: 'inbound', booking_id: partnerBookingsOf()[0]?.id, guest_name: 'Ana Lima' });
      await sync('messages');
      expect(app.db.select().from(inboxMessages).where(eq(inboxMessages.host_id, host.hostProfileId)).all()).toHaveLength(2);
      expect(app.db.select().from(partnerMessages).all()).toHaveLength(2);
    });

    it('turns calendar holds into blocks and lifts those Tokeet drops', async () => {
      fake.account.holds.push({ pkey: 'h-1', rental_id: 'r-harbour', start: stamp(30), end: stamp(33), title: 'Owner stay' });
      const result = await sync('calendar');
      expect(result).toMatchObject({ status: 'success', record_count: 1, message: 'Calendar synced successfully via PAPI' });
      const live = () => app.db.select().from(calendarBlocks).where(and(eq(calendarBlocks.property_id, harbourId), isNull(calendarBlocks.deleted_at))).all();
      expect(live()).toEqual([expect.objectContaining({ start_date: day(30), end_date: day(33), summary: 'Owner stay', source: 'tokeet' })]);
      await sync('calendar');
      expect(live()).toHaveLength(1);
      fake.account.holds.length = 0;
      await sync('calendar');
      expect(live()).toHaveLength(0);
    });

    it('keeps rates per property and date and shows them', async () => {
      fake.account.rates.push({ pkey: 'rate-1', rental_id: 'r-harbour', start: stamp(1), end: stamp(4), nightly: 125.5, currency: 'eur', name: 'Summer' });
      const result = await sync('rates');
      expect(result).toMatchObject({ record_count: 1, message: 'Rates synced successfully via PAPI' });
      expect(app.db.select().from(partnerRates).where(eq(partnerRates.property_id, harbourId)).all()).toHaveLength(3);
      const shown = await call(host.token, 'GET', `/api/partner/rates?property_id=${harbourId}`);
      expect(shown.json().rates).toEqual([1, 2, 3].map((n) => ({ date: day(n), nightly: 125.5, currency: 'EUR', name: 'Summer' })));
      expect((await call(otherHost.token, 'GET', `/api/partner/rates?property_id=${harbourId}`)).statusCode).toBe(404);
      await sync('rates');
      expect(app.db.select().from(partnerRates).where(eq(partnerRates.property_id, harbourId)).all()).toHaveLength(3);
    });

    it('logs a failed run with its toast text and sync all runs every kind', async () => {
      fake.failNext(1, 503);
      const failed = await sync('messages');
      expect(failed).toMatchObject({ status: 'error', message: 'Messages sync failed', errors: ['API call failed: Service Unavailable'] });
      const all = await call(host.token, 'POST', '/api/partner/sync');
      expect(all.json().results.map((r: { sync_type: string; status: string }) => `${r.sync_type}:${r.status}`)).toEqual(['properties:success', 'bookings:success', 'messages:success', 'calendar:success', 'rates:success']);
      const logs = await call(admin.token, 'GET', '/api/partner/logs?limit=3');
      expect(logs.json().logs).toHaveLength(3);
      const errorLog = app.db.select().from(partnerSyncLogs).where(eq(partnerSyncLogs.status, 'error')).all();
      expect(errorLog[0]).toMatchObject({ sync_type: 'messages', error_message: 'API call failed: Service Unavailable', user_id: host.userId });
      expect((await call(otherHost.token, 'GET', '/api/partner/logs')).json().logs).toEqual([]);
      const stats = await call(admin.token, 'GET', '/api/partner/stats');
      expect(stats.json()).toMatchObject({ connected_hosts: 1, properties: 3, mapped_properties: 2, bookings: 5, messages: 2, last_sync_status: 'success' });
      expect((await call(host.token, 'GET', '/api/partner/properties')).json().properties).toHaveLength(3);
      expect((await call(host.token, 'GET', '/api/partner/logs?limit=0')).json().error).toMatch(/^Invalid value for querystring limit/);
      expect((await call(host.token, 'POST', '/api/partner/sync/everything')).statusCode).toBe(400);
    });

    it('the scheduled job syncs every connected host', async () => {
      const res = await call(createUser(app, 'super_admin').token, 'POST', '/api/admin/jobs/partner-sync/run');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ result: { hosts: 1, runs: 5, failed: 0 } });
      expect(app.db.select().from(partnerSyncLogs).where(eq(partnerSyncLogs.operation, 'scheduled')).all()).toHaveLength(5);
    });

    it('imports a stay that clashes, and tells the host once as an urgent calendar conflict', async () => {
      const conflicts = () => app.db.select().from(notifications).where(and(eq(notifications.user_id, host.userId), eq(notifications.title, 'Calendar conflict'))).all();
      insertFixture(app, TABLE_IDS.bookings, { host_id: host.hostProfileId, property_id: harbourId, guest_name: 'Walk In', booking_source: 'direct', check_in_date: day(30), check_out_date: day(33), created_date: new Date(clock).toISOString() });
      const before = conflicts().length;
      fake.account.bookings.push({ pkey: 'b-clash', rental_id: 'r-harbour', guest_arrive: stamp(31), guest_depart: stamp(34), booked: Math.floor(clock / 1000), guest_details: { name: 'Clash Guest' } });
      await sync('bookings');
      expect(partnerBookingsOf().some((b) => b.external_uid === 'tokeet:b-clash')).toBe(true);
      const told = conflicts().slice(before);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ type: 'urgent', message: `Harbour Loft: Tokeet booking "Clash Guest" ${day(31)} → ${day(34)} overlaps direct booking "Walk In" ${day(30)} → ${day(33)}` });
      // A sync that finds it unchanged does not tell again.
      await sync('bookings');
      expect(conflicts().length).toBe(before + 1);
    });

    it('disconnect removes the tokens; syncing then asks for the OAuth flow', async () => {
      const res = await call(host.token, 'DELETE', '/api/partner/connection');
      expect(res.json()).toMatchObject({ connected: false });
      expect(app.db.select().from(partnerOauthTokens).where(isNull(partnerOauthTokens.deleted_at)).all()).toHaveLength(0);
      const after = await call(host.token, 'POST', '/api/partner/sync/bookings');
      expect(after.json()).toMatchObject({ status: 'error', message: 'Bookings sync failed', errors: ['Tokeet Partner API connection test failed - please complete OAuth flow'] });
    });
  });
});
