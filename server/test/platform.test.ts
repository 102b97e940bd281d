/**
 * The platform's own data and its admin console: the defaults a real install starts with
 * (DEMO=off), subscription tiers and platform settings as super admins write them (and admins
 * may not), encrypted settings that no answer ever carries, the audit log route, the defaults
 * new accounts take, and role normalisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { TABLE_IDS } from '../../shared/registry';
import { PLATFORM_SETTINGS, PLATFORM_TIERS } from '../../shared/platform-defaults';
import { displaySettings, hostProfiles, platformSettings, subscriptionTiers, users } from '../../shared/schema/tables';
import { decryptSecret } from '../src/lib/crypto';
import { ensurePlatformDefaults } from '../src/modules/platform/defaults';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createUser, type UserFixture } from './fixtures';
import { pull } from './sync-helpers';

type Reply = { status: number; body: Record<string, unknown> };

async function call(app: TestApp, token: string, table: number, op: 'page' | 'create' | 'update' | 'delete', payload: unknown): Promise<Reply> {
  const res = await app.inject({ method: 'POST', url: `/api/table/${table}/${op}`, headers: { authorization: `Bearer ${token}` }, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function settingOf(app: TestApp, key: string) {
  const row = app.db.select().from(platformSettings).where(eq(platformSettings.setting_key, key)).get();
  if (!row) throw new Error(`no setting ${key}`);
  return row;
}

function tierOf(app: TestApp, name: string) {
  const row = app.db
    .select()
    .from(subscriptionTiers)
    .where(and(eq(subscriptionTiers.tier_name, name), isNull(subscriptionTiers.deleted_at)))
    .get();
  if (!row) throw new Error(`no tier ${name}`);
  return row;
}

describe('a real install (DEMO=off: buildApp without the seed, on an empty database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp({ seed: false, platformDefaults: true });
  });
  afterAll(async () => app.cleanup());

  it('starts with the tiers of spec §9 and every default setting, with no users', () => {
    expect(app.db.select().from(users).all()).toEqual([]);
    const tiers = app.db.select().from(subscriptionTiers).orderBy(subscriptionTiers.sort_order).all();
    expect(tiers.map((t) => [t.tier_name, t.monthly_price, t.yearly_price, t.properties_limit, t.commission_rate, t.ota_integrations, t.support_level, t.is_active])).toEqual([
      ['basic', 29.99, 299.99, 1, 15, 2, 'email', true],
      ['pro', 49.99, 499.99, 5, 12, 5, 'chat', true],
      ['enterprise', 99.99, 999.99, 25, 8, 10, 'priority', true],
    ]);
    expect(tiers.every((t) => t.features.length > 0)).toBe(true);
    const settings = Object.fromEntries(app.db.select().from(platformSettings).all().map((s) => [s.setting_key, s]));
    expect(Object.keys(settings).sort()).toEqual(PLATFORM_SETTINGS.map((s) => s.setting_key).sort());
    expect(settings.default_commission_rate?.setting_value).toBe('10.0');
    expect(settings.currency?.setting_value).toBe('USD');
    expect(settings.timezone?.setting_value).toBe('UTC');
    expect(settings.date_format?.setting_value).toBe('MM/DD/YYYY');
    expect(settings.time_format?.setting_value).toBe('12-hour');
    expect(settings.smtp_enabled?.setting_value).toBe('false');
    expect(settings.smtp_password?.is_encrypted).toBe(true);
    expect(settings.default_commission_rate?.updated_by).toBeNull();
  });

  it('is idempotent: a restart writes nothing, a missing setting comes back, removed tiers do not', () => {
    expect(ensurePlatformDefaults(app.db, app.now())).toEqual({ tiers: 0, settings: 0 });
    app.db.delete(platformSettings).where(eq(platformSettings.setting_key, 'currency')).run();
    expect(ensurePlatformDefaults(app.db, app.now())).toEqual({ tiers: 0, settings: 1 });
    expect(settingOf(app, 'currency').setting_value).toBe('USD');
    app.db.update(subscriptionTiers).set({ deleted_at: app.now().toISOString() }).run();
    expect(ensurePlatformDefaults(app.db, app.now()).tiers).toBe(0);
  });

  it('lands a registered host on an existing tier, with the default commission and display defaults', async () => {
    app.db.update(subscriptionTiers).set({ deleted_at: null }).run();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'first.host@example.test', password: 'correct horse' } });
    expect(res.statusCode).toBe(201);
    const profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.user_id, res.json().user.ID)).get();
    expect(profile?.subscription_tier).toBe('basic');
    expect(tierOf(app, profile?.subscription_tier ?? '').is_active).toBe(true);
    expect(profile?.commission_rate).toBe(10);
  });

  it('puts a new host on the first tier offered when basic is deactivated', async () => {
    app.db.update(subscriptionTiers).set({ is_active: false }).where(eq(subscriptionTiers.tier_name, 'basic')).run();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'second.host@example.test', password: 'correct horse' } });
    expect(res.statusCode).toBe(201);
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.user_id, res.json().user.ID)).get()?.subscription_tier).toBe('pro');
    app.db.update(subscriptionTiers).set({ is_active: true }).where(eq(subscriptionTiers.tier_name, 'basic')).run();
  });
});

describe('subscription tiers and platform settings', () => {
  let app: TestApp;
  let superAdmin: UserFixture;
  let admin: UserFixture;
  beforeAll(async () => {
    app = await makeTestApp({ platformDefaults: true });
    superAdmin = createUser(app, 'super_admin', { name: 'Sam Super' });
    admin = createUser(app, 'admin', { name: 'Ada Admin' });
  });
  afterAll(async () => app.cleanup());

  const tier = (over: Record<string, unknown> = {}) => ({
    tier_name: 'starter',
    monthly_price: 9.99,
    yearly_price: 99,
    properties_limit: 2,
    features: ['  Two properties ', '', 'Email support'],
    commission_rate: 14,
    ota_integrations: 1,
    support_level: 'email',
    is_active: true,
    sort_order: 4,
    ...over,
  });

  it('refuses a negative price, a limit of 0 and a duplicate name, naming the field (400)', async () => {
    const negative = await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'create', tier({ monthly_price: -1 }));
    expect(negative.status).toBe(400);
    expect(String(negative.body.error)).toContain('monthly_price');
    const yearly = await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'create', tier({ yearly_price: -0.01 }));
    expect(yearly.status).toBe(400);
    expect(String(yearly.body.error)).toContain('yearly_price');
    const zero = await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'create', tier({ properties_limit: 0 }));
    expect(zero.status).toBe(400);
    expect(String(zero.body.error)).toContain('properties_limit');
    const duplicate = await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'create', tier({ tier_name: ' Pro ' }));
    expect(duplicate.status).toBe(400);
    expect(String(duplicate.body.error)).toContain('tier_name');
    expect(app.db.select().from(subscriptionTiers).all()).toHaveLength(PLATFORM_TIERS.length);
  });

  it('lets a super admin create, rename (hosts follow), deactivate a tier; a tier with hosts is not removed', async () => {
    const created = await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'create', tier());
    expect(created.status).toBe(201);
    const id = String(created.body.ID);
    expect(tierOf(app, 'starter').features).toEqual(['Two properties', 'Email support']);
    const host = createHost(app);
    app.db.update(hostProfiles).set({ subscription_tier: 'starter' }).where(eq(hostProfiles.id, host.hostProfileId)).run();

    const clash = await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'update', { ID: id, tier_name: 'BASIC' });
    expect(clash.status).toBe(400);
    expect(String(clash.body.error)).toContain('tier_name');
    expect((await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'update', { ID: id, tier_name: 'starter plus' })).status).toBe(200);
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()?.subscription_tier).toBe('starter plus');

    const removed = await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'delete', { ID: id });
    expect(removed.status).toBe(409);
    expect((await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'update', { ID: id, is_active: false, sort_order: 0 })).status).toBe(200);
    expect(tierOf(app, 'starter plus')).toMatchObject({ is_active: false, sort_order: 0 });
    // Its host keeps it; hosts are no longer offered it (they read active tiers only).
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()?.subscription_tier).toBe('starter plus');
    const seen = await call(app, host.token, TABLE_IDS.subscription_tiers, 'page', { PageNo: 1, PageSize: 100 });
    expect((seen.body.List as { tier_name: string }[]).map((t) => t.tier_name)).not.toContain('starter plus');
  });

  it('refuses tier and setting writes by an admin (403), who may read them', async () => {
    const basic = tierOf(app, 'basic');
    const setting = settingOf(app, 'currency');
    expect((await call(app, admin.token, TABLE_IDS.subscription_tiers, 'create', tier({ tier_name: 'admin tier' }))).status).toBe(403);
    expect((await call(app, admin.token, TABLE_IDS.subscription_tiers, 'update', { ID: basic.id, monthly_price: 1 })).status).toBe(403);
    expect((await call(app, admin.token, TABLE_IDS.subscription_tiers, 'delete', { ID: basic.id })).status).toBe(403);
    expect((await call(app, admin.token, TABLE_IDS.platform_settings, 'update', { ID: setting.id, setting_value: 'EUR' })).status).toBe(403);
    expect((await call(app, admin.token, TABLE_IDS.platform_settings, 'create', { setting_key: 'x', setting_value: '1' })).status).toBe(403);
    expect(tierOf(app, 'basic').monthly_price).toBe(29.99);
    expect(settingOf(app, 'currency').setting_value).toBe('USD');
    expect((await call(app, admin.token, TABLE_IDS.platform_settings, 'page', { PageNo: 1, PageSize: 100 })).status).toBe(200);
  });

  it('checks a setting value against its type and rule, naming the setting (400), and records updated_by', async () => {
    const cases: [string, string, string][] = [
      ['default_commission_rate', 'ten', 'must be a number'],
      ['default_commission_rate', '120', 'between 0 and 100'],
      ['smtp_enabled', 'yes', 'true or false'],
      ['smtp_port', '58.7', 'whole number'],
      ['currency', 'dollars', 'currency code'],
      ['timezone', 'Mars/Olympus', 'time zone'],
      ['date_format', 'YY', 'must be one of'],
      ['time_format', '12h', '12-hour or 24-hour'],
    ];
    for (const [key, value, reason] of cases) {
      const res = await call(app, superAdmin.token, TABLE_IDS.platform_settings, 'update', { ID: settingOf(app, key).id, setting_value: value });
      expect(res.status, `${key}=${value}`).toBe(400);
      expect(String(res.body.error)).toContain(key);
      expect(String(res.body.error)).toContain(reason);
    }
    const type = await call(app, superAdmin.token, TABLE_IDS.platform_settings, 'update', { ID: settingOf(app, 'platform_name').id, setting_type: 'number' });
    expect(type.status).toBe(400);
    expect(String(type.body.error)).toContain('platform_name');

    const ok = await call(app, superAdmin.token, TABLE_IDS.platform_settings, 'update', { ID: settingOf(app, 'default_commission_rate').id, setting_value: '7.5' });
    expect(ok.status).toBe(200);
    expect(settingOf(app, 'default_commission_rate')).toMatchObject({ setting_value: '7.5', updated_by: superAdmin.userId });
    const created = await call(app, superAdmin.token, TABLE_IDS.platform_settings, 'create', { setting_key: 'support_phone', setting_name: 'Support phone', setting_value: '+1 555', category: 'general' });
    expect(created.status).toBe(201);
    expect(settingOf(app, 'support_phone').updated_by).toBe(superAdmin.userId);
  });

  it('applies the default commission to a new host and the general display defaults to a new account', async () => {
    for (const [key, value] of [
      ['timezone', 'Europe/Paris'],
      ['date_format', 'DD/MM/YYYY'],
      ['time_format', '24-hour'],
    ] as const) {
      expect((await call(app, superAdmin.token, TABLE_IDS.platform_settings, 'update', { ID: settingOf(app, key).id, setting_value: value })).status).toBe(200);
    }
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'new.host@example.test', password: 'correct horse' } });
    expect(res.statusCode).toBe(201);
    const userId = String(res.json().user.ID);
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.user_id, userId)).get()?.commission_rate).toBe(7.5);
    expect(app.db.select().from(displaySettings).where(eq(displaySettings.user_id, userId)).get()).toMatchObject({
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
      use24Hour: true,
    });
    // An account an admin creates gets them too.
    const made = await call(app, admin.token, TABLE_IDS.users, 'create', { Email: 'made@example.test', Name: 'Made', Role: 'staff' });
    expect(made.status).toBe(201);
    expect(app.db.select().from(displaySettings).where(eq(displaySettings.user_id, String(made.body.ID))).get()?.timezone).toBe('Europe/Paris');
  });

  it('never answers an encrypted value: table page, write answers, sync pull, audit log, every GET route', async () => {
    const secret = 'hunter2-very-secret';
    const password = settingOf(app, 'smtp_password');
    const written = await app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.platform_settings}/update`,
      headers: { authorization: `Bearer ${superAdmin.token}` },
      payload: { ID: password.id, setting_value: secret },
    });
    expect(written.statusCode).toBe(200);
    expect(written.body).not.toContain(secret);
    const stored = settingOf(app, 'smtp_password');
    expect(stored.setting_value).not.toContain(secret);
    expect(decryptSecret(app.secretKey, stored.setting_value)).toBe(secret);
    expect(stored.updated_by).toBe(superAdmin.userId);

    for (const who of [superAdmin, admin]) {
      const page = await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.platform_settings}/page`, headers: { authorization: `Bearer ${who.token}` }, payload: { PageNo: 1, PageSize: 100 } });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(secret);
      expect(page.body).not.toContain(stored.setting_value);
      const row = (page.json().List as Record<string, unknown>[]).find((r) => r.setting_key === 'smtp_password');
      expect(row).toMatchObject({ setting_value: null, setting_value_set: true });

      const pulled = await pull(app, who.token, 0);
      const text = JSON.stringify(pulled);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(stored.setting_value);
      expect(text).toContain('setting_value_set');
    }

    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths)
      .filter(([path, methods]) => path.startsWith('/api/') && 'get' in methods && !path.includes('{') && !path.includes('events'))
      .map(([path]) => path);
    expect(gets).toContain('/api/admin/audit-log');
    for (const path of gets) {
      const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${superAdmin.token}` } });
      expect(res.body, path).not.toContain(secret);
      expect(res.body, path).not.toContain(stored.setting_value);
    }

    // Clearing it is allowed and reads "not set".
    expect((await call(app, superAdmin.token, TABLE_IDS.platform_settings, 'update', { ID: password.id, setting_value: '' })).status).toBe(200);
    const after = await call(app, admin.token, TABLE_IDS.platform_settings, 'page', { PageNo: 1, PageSize: 100, Filters: [{ name: 'setting_key', op: 'Equal', value: 'smtp_password' }] });
    expect((after.body.List as Record<string, unknown>[])[0]).toMatchObject({ setting_value: null, setting_value_set: false });
  });
});

describe('the audit log route', () => {
  let app: TestApp;
  let superAdmin: UserFixture;
  let admin: UserFixture;
  beforeAll(async () => {
    app = await makeTestApp({ platformDefaults: true, now: () => new Date('2025-03-10T12:00:00.000Z') });
    superAdmin = createUser(app, 'super_admin', { name: 'Sam Super' });
    admin = createUser(app, 'admin', { name: 'Ada Admin' });
  });
  afterAll(async () => app.cleanup());

  const get = (token: string, query = '') => app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers: { authorization: `Bearer ${token}` } });

  it('says who did what to which row, newest first, with filters, paging and readable names', async () => {
    const currency = settingOf(app, 'currency');
    expect((await call(app, superAdmin.token, TABLE_IDS.platform_settings, 'update', { ID: currency.id, setting_value: 'EUR' })).status).toBe(200);
    expect((await call(app, superAdmin.token, TABLE_IDS.subscription_tiers, 'update', { ID: tierOf(app, 'pro').id, monthly_price: 59 })).status).toBe(200);
    const made = await call(app, admin.token, TABLE_IDS.users, 'create', { Email: 'someone@example.test', Name: 'Some One', Role: 'admin' });
    expect(made.status).toBe(201);

    const all = await get(admin.token);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(3);
    expect(body.entries[0]).toMatchObject({ action: 'create', actor_name: 'Ada Admin', table_label: 'Users', entity_label: 'Some One' });
    expect(body.entries[2]).toMatchObject({ action: 'update', actor_id: superAdmin.userId, actor_name: 'Sam Super', table_id: TABLE_IDS.platform_settings, table_label: 'Platform settings', entity_id: currency.id, entity_label: 'Currency', fields: ['setting_value'] });
    expect(body.actors).toEqual([
      { id: admin.userId, name: 'Ada Admin' },
      { id: superAdmin.userId, name: 'Sam Super' },
    ]);
    expect(body.tables.map((t: { label: string }) => t.label)).toEqual(['Platform settings', 'Subscription tiers', 'Users']);

    const byActor = (await get(admin.token, `?actor=${superAdmin.userId}`)).json();
    expect(byActor.total).toBe(2);
    const byTable = (await get(admin.token, `?table=${TABLE_IDS.subscription_tiers}`)).json();
    expect(byTable.entries.map((e: { entity_label: string }) => e.entity_label)).toEqual(['pro']);
    expect((await get(admin.token, '?from=2025-03-10&to=2025-03-10')).json().total).toBe(3);
    expect((await get(admin.token, '?from=2025-03-11')).json().total).toBe(0);
    expect((await get(admin.token, '?to=2025-03-09')).json().total).toBe(0);
    const paged = (await get(admin.token, '?page=2&pageSize=2')).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.entries).toHaveLength(1);
  });

  it('answers 400 naming a bad filter, 401 without a session and 403 for a host or staff', async () => {
    const bad = await get(admin.token, '?from=March');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('from');
    expect((await get(admin.token, '?pageSize=500')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
    expect((await get(createHost(app).token)).statusCode).toBe(403);
    expect((await get(createUser(app, 'staff').token)).statusCode).toBe(403);
  });
});

describe('role normalisation (spec §5) when an admin writes a user', () => {
  let app: TestApp;
  let admin: UserFixture;
  let superAdmin: UserFixture;
  beforeAll(async () => {
    app = await makeTestApp();
    admin = createUser(app, 'admin');
    superAdmin = createUser(app, 'super_admin');
  });
  afterAll(async () => app.cleanup());

  const roleOf = (id: unknown) => app.db.select({ Role: users.Role }).from(users).where(eq(users.ID, String(id))).get()?.Role;

  it('normalises case, spaces and aliases on create and update', async () => {
    const cases: [string, string][] = [
      ['Super Admin', 'super_admin'],
      [' SUPER_ADMIN ', 'super_admin'],
      ['Admin', 'admin'],
      ['HouseKeeper', 'staff'],
      ['Staff Member', 'staff'],
      ['HOST', 'host'],
      ['owner', 'host'],
    ];
    for (const [i, [input, want]] of cases.entries()) {
      const res = await call(app, superAdmin.token, TABLE_IDS.users, 'create', { Email: `role${i}@example.test`, Name: `Role ${i}`, Role: input });
      expect(res.status, input).toBe(201);
      expect(roleOf(res.body.ID), input).toBe(want);
    }
    const made = await call(app, admin.token, TABLE_IDS.users, 'create', { Email: 'upd@example.test', Name: 'Upd', Role: 'host' });
    expect((await call(app, admin.token, TABLE_IDS.users, 'update', { ID: made.body.ID, Role: ' House-Keeper ' })).status).toBe(200);
    expect(roleOf(made.body.ID)).toBe('staff');
  });

  it('checks the normalised role: an admin may not grant super_admin however it is spelt', async () => {
    const res = await call(app, admin.token, TABLE_IDS.users, 'create', { Email: 'sneaky@example.test', Name: 'Sneaky', Role: 'Super Admin' });
    expect(res.status).toBe(403);
    const made = await call(app, admin.token, TABLE_IDS.users, 'create', { Email: 'later@example.test', Name: 'Later', Role: 'staff' });
    expect((await call(app, admin.token, TABLE_IDS.users, 'update', { ID: made.body.ID, Role: 'superAdmin' })).status).toBe(403);
    expect(roleOf(made.body.ID)).toBe('staff');
  });
});
