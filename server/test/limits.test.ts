/**
 * Tier limits (docs/decisions.md "Rules read literally") and the admin plan/status routes: the
 * properties_limit over non-archived properties through the table API and sync, ota_integrations
 * over distinct feed platforms plus a connected partner, a smaller tier deleting nothing, and the
 * audit entries of admin actions.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { auditLog, hostProfiles, properties, subscriptionTiers } from '../../shared/schema/tables';
import { CHANNEL_PARTNER_PLATFORM, assertOtaIntegrationAllowed, otaPlatformsInUse } from '../src/modules/hosts/limits';
import { makeTestApp, type TestApp } from './helpers';
import { call, expectCounters, ok } from './bookings-helpers';
import { createHost, createProperty, createUser, insertFixture, type HostFixture, type UserFixture } from './fixtures';
import { mutation, push } from './sync-helpers';

const P = TABLE_IDS.properties;
const BASIC_LIMIT_TEXT = 'The basic plan allows 1 property (archived ones do not count) and 1 is in use: archive one or move to a larger plan to add another';

let app: TestApp;
let admin: UserFixture;
let superAdmin: UserFixture;

beforeAll(async () => {
  app = await makeTestApp();
  admin = createUser(app, 'admin');
  superAdmin = createUser(app, 'super_admin');
  // The product's demo tiers (tier_name is the key host profiles store).
  const tiers = [
    { tier_name: 'basic', monthly_price: 29.99, properties_limit: 1, commission_rate: 15, ota_integrations: 2, sort_order: 1 },
    { tier_name: 'pro', monthly_price: 49.99, properties_limit: 5, commission_rate: 12, ota_integrations: 5, sort_order: 2 },
    { tier_name: 'enterprise', monthly_price: 99.99, properties_limit: 25, commission_rate: 8, ota_integrations: 10, sort_order: 3 },
  ];
  for (const tier of tiers) insertFixture(app, TABLE_IDS.subscription_tiers, tier);
});
afterAll(async () => app.cleanup());

function profile(hostId: string) {
  return app.db.select().from(hostProfiles).where(eq(hostProfiles.id, hostId)).get();
}

async function adminCall(token: string | null, hostId: string, what: 'plan' | 'status', body: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/hosts/${hostId}/${what}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

describe('properties_limit', () => {
  let host: HostFixture;

  beforeAll(() => {
    host = createHost(app);
  });

  it('refuses the property past the limit with 403 naming the limit and the tier', async () => {
    const first = await ok(app, host.token, P, 'create', { property_name: 'First' });
    const second = await call(app, host.token, P, 'create', { property_name: 'Second' });
    expect(second.status).toBe(403);
    expect(second.body.error).toBe(BASIC_LIMIT_TEXT);
    expect(app.db.select().from(properties).where(eq(properties.host_id, host.hostProfileId)).all()).toHaveLength(1);
    // An archived property does not count, coming or going.
    await ok(app, host.token, P, 'create', { property_name: 'Old', status: 'archived' });
    await ok(app, host.token, P, 'update', { ID: first, status: 'archived' });
    const replacement = await ok(app, host.token, P, 'create', { property_name: 'Replacement' });
    const unArchive = await call(app, host.token, P, 'update', { ID: first, status: 'active' });
    expect(unArchive.status).toBe(403);
    expect(unArchive.body.error).toBe(BASIC_LIMIT_TEXT);
    expect(app.db.select().from(properties).where(eq(properties.id, first)).get()?.status).toBe('archived');
    // Other changes of a property at the limit are fine.
    await ok(app, host.token, P, 'update', { ID: replacement, property_name: 'Renamed', status: 'inactive' });
    expectCounters(app, host.hostProfileId, { properties_count: 1, total_bookings: 0, total_revenue: 0 });
  });

  it('refuses the same property pushed by sync, with the same reason', async () => {
    const m = mutation(1, P, 'create', `offline-${Math.random()}`, { property_name: 'Offline extra' });
    const answer = await push(app, host.token, `tablet-${Math.random()}`, [m]);
    expect(answer.results[0]).toEqual({ id: m.id, status: 'rejected', code: 403, error: BASIC_LIMIT_TEXT });
  });

  it('a host whose tier has no row is not limited', async () => {
    const free = createHost(app);
    app.db.update(hostProfiles).set({ subscription_tier: 'legacy' }).where(eq(hostProfiles.id, free.hostProfileId)).run();
    await ok(app, free.token, P, 'create', { property_name: 'A' });
    await ok(app, free.token, P, 'create', { property_name: 'B' });
  });
});

describe('POST /api/admin/hosts/:id/plan', () => {
  it("moves a host to a tier at the tier's rate, audited; a smaller tier deletes nothing and blocks new properties", async () => {
    const host = createHost(app);
    await ok(app, host.token, P, 'create', { property_name: 'One' });
    const up = await adminCall(admin.token, host.hostProfileId, 'plan', { tier: 'Pro' });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ id: host.hostProfileId, subscription_tier: 'pro', commission_rate: 12 });
    for (const name of ['Two', 'Three']) await ok(app, host.token, P, 'create', { property_name: name });
    const audit = app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, host.hostProfileId), eq(auditLog.action, 'host_plan')))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.userId, table_id: TABLE_IDS.host_profiles, details: { from: { tier: 'basic', commission_rate: 10 }, to: { tier: 'pro', commission_rate: 12 } } });

    const down = await adminCall(superAdmin.token, host.hostProfileId, 'plan', { tier: 'basic', commission_rate: 20 });
    expect(down.body).toMatchObject({ subscription_tier: 'basic', commission_rate: 20 });
    expect(app.db.select().from(properties).where(eq(properties.host_id, host.hostProfileId)).all().filter((p) => p.status !== 'archived')).toHaveLength(3);
    expectCounters(app, host.hostProfileId, { properties_count: 3, total_bookings: 0, total_revenue: 0 });
    const blocked = await call(app, host.token, P, 'create', { property_name: 'Four' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe('The basic plan allows 1 property (archived ones do not count) and 3 are in use: archive one or move to a larger plan to add another');
    // New bookings are priced at the new rate.
    const propertyId = String(app.db.select().from(properties).where(eq(properties.host_id, host.hostProfileId)).get()?.id);
    const booking = await ok(app, host.token, TABLE_IDS.bookings, 'create', { property_id: propertyId, check_in_date: '2031-01-01', check_out_date: '2031-01-02', total_amount: 100 });
    expect((await call(app, host.token, TABLE_IDS.bookings, 'page', { PageNo: 1, PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: booking }] })).body.List).toMatchObject([
      { commission_amount: 20, net_amount: 80 },
    ]);
  });

  it('answers 400 naming the field, 404 for an unknown host, 403 for hosts and 401 for anonymous', async () => {
    const host = createHost(app);
    const unknownTier = await adminCall(admin.token, host.hostProfileId, 'plan', { tier: 'platinum' });
    expect(unknownTier.status).toBe(400);
    expect(unknownTier.body.error).toBe('Invalid value for tier: no subscription tier named platinum');
    const badRate = await adminCall(admin.token, host.hostProfileId, 'plan', { tier: 'pro', commission_rate: 120 });
    expect(badRate.status).toBe(400);
    expect(badRate.body.error).toMatch(/^Invalid value for commission_rate/);
    expect((await adminCall(admin.token, 'no-such-host', 'plan', { tier: 'pro' })).status).toBe(404);
    expect((await adminCall(host.token, host.hostProfileId, 'plan', { tier: 'enterprise' })).status).toBe(403);
    expect((await adminCall(null, host.hostProfileId, 'plan', { tier: 'enterprise' })).status).toBe(401);
    expect(profile(host.hostProfileId)).toMatchObject({ subscription_tier: 'basic', commission_rate: 10 });
  });

  it('takes no host onto a deactivated tier, and lets the rate of a host already on it change', async () => {
    const host = createHost(app);
    const onIt = createHost(app);
    expect((await adminCall(admin.token, onIt.hostProfileId, 'plan', { tier: 'enterprise' })).status).toBe(200);
    const setActive = (active: boolean) => app.db.update(subscriptionTiers).set({ is_active: active }).where(eq(subscriptionTiers.tier_name, 'enterprise')).run();
    setActive(false);
    try {
      const refused = await adminCall(admin.token, host.hostProfileId, 'plan', { tier: 'enterprise' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('Invalid value for tier: enterprise is no longer offered');
      expect(profile(host.hostProfileId)?.subscription_tier).toBe('basic');
      const rate = await adminCall(admin.token, onIt.hostProfileId, 'plan', { tier: 'enterprise', commission_rate: 7 });
      expect(rate.status).toBe(200);
      expect(rate.body).toMatchObject({ subscription_tier: 'enterprise', commission_rate: 7 });
    } finally {
      setActive(true);
    }
  });
});

describe('POST /api/admin/hosts/:id/status', () => {
  it('sets the account status with an audit entry', async () => {
    const host = createHost(app);
    const r = await adminCall(admin.token, host.hostProfileId, 'status', { account_status: 'suspended' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: host.hostProfileId, account_status: 'suspended' });
    expect(profile(host.hostProfileId)?.account_status).toBe('suspended');
    const audit = app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, host.hostProfileId), eq(auditLog.action, 'host_status')))
      .get();
    expect(audit).toMatchObject({ actor_id: admin.userId, details: { from: 'active', to: 'suspended' } });
    const bad = await adminCall(admin.token, host.hostProfileId, 'status', { account_status: 'banned' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Invalid value for account_status/);
    // The suspended host's session has ended (401); another host may not do it either (403).
    expect((await adminCall(host.token, host.hostProfileId, 'status', { account_status: 'active' })).status).toBe(401);
    const other = createHost(app);
    expect((await adminCall(other.token, host.hostProfileId, 'status', { account_status: 'active' })).status).toBe(403);
  });
});

describe('ota_integrations', () => {
  it('counts distinct feed platforms plus a connected partner, and refuses one more with 403 naming the limit and the tier', () => {
    const host = createHost(app);
    const property = String(createProperty(app, host.hostProfileId).id);
    const feed = (platform: string) =>
      insertFixture(app, TABLE_IDS.calendar_feeds, { host_id: host.hostProfileId, property_id: property, platform, ical_url: 'https://ical.example.test/a.ics', created_at: new Date().toISOString() });
    const check = (platform: string) => app.db.transaction((tx) => assertOtaIntegrationAllowed(tx, host.hostProfileId, platform));
    feed('airbnb');
    feed('Airbnb');
    expect(otaPlatformsInUse(app.db, host.hostProfileId)).toEqual(['airbnb']);
    check('vrbo');
    feed('vrbo');
    // Already in use: costs nothing more.
    check('AIRBNB');
    expect(() => check('booking.com')).toThrow('The basic plan allows 2 OTA integrations (in use: airbnb, vrbo): move to a larger plan to connect booking.com');
    // A connected channel partner takes a place too.
    const pro = createHost(app);
    app.db.update(hostProfiles).set({ subscription_tier: 'pro' }).where(eq(hostProfiles.id, pro.hostProfileId)).run();
    insertFixture(app, TABLE_IDS.partner_credentials, { user_id: pro.userId, client_id: 'c', access_token: 'token', is_active: true });
    expect(otaPlatformsInUse(app.db, pro.hostProfileId)).toEqual([CHANNEL_PARTNER_PLATFORM]);
    // On a larger tier the same platform is allowed.
    app.db.update(hostProfiles).set({ subscription_tier: 'pro' }).where(eq(hostProfiles.id, host.hostProfileId)).run();
    check('booking.com');
  });
});
