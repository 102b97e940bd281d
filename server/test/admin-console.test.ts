/**
 * The admin console: the hosts list (search, filters, sort, paging, 400 naming the field), a
 * host's page, plan and status changes with their audit entries, what a suspension stops (sign-in,
 * the host's and its staff's sessions including sync, the feed poll) and what reactivation
 * restores, and admins invited, deactivated and reactivated by a super admin only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, HostDetail, HostListReply } from '../../shared/api/admin';
import { ACCOUNT_DEACTIVATED, ACCOUNT_SUSPENDED } from '../../shared/messages';
import { TABLE_IDS } from '../../shared/registry';
import { auditLog } from '../../shared/schema/tables';
import { nowIso, updateRow } from '../src/db/write';
import { hashPassword } from '../src/modules/auth/password';
import { pollFeeds } from '../src/modules/calendar/poll';
import { devMailbox } from '../src/modules/email/mailer';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createProperty, createUser, defOf, insertFixture, unique, type HostFixture, type StaffFixture } from './fixtures';
import { linkIn } from './fixtures-auth';

const PASSWORD = 'correct horse 42';
let app: TestApp;
let passwordHash: string;
let superAdmin: ReturnType<typeof createUser>;
let admin: ReturnType<typeof createUser>;

beforeAll(async () => {
  app = await makeTestApp();
  passwordHash = await hashPassword(PASSWORD);
  superAdmin = createUser(app, 'super_admin', { name: 'Sam Super' });
  admin = createUser(app, 'admin');
});
afterAll(async () => {
  await app.cleanup();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A host with a password (so that it can sign in) and the given profile fields. */
function host(opts: { name: string; company: string; tier?: string; status?: string; subscription?: string; revenue?: number; euros?: number }): HostFixture {
  const email = `${unique('host')}@example.test`;
  const user = insertFixture(app, TABLE_IDS.users, { Email: email, Name: opts.name, Role: 'host', CreateTime: nowIso(app.now()), setupCompleted: true, password_hash: passwordHash });
  const profile = insertFixture(app, TABLE_IDS.host_profiles, {
    user_id: user.ID,
    email,
    company_name: opts.company,
    subscription_tier: opts.tier ?? 'basic',
    subscription_status: opts.subscription ?? 'active',
    account_status: opts.status ?? 'active',
    total_revenue: opts.revenue ?? 0,
    created_date: nowIso(app.now()),
  });
  // The bookings behind the revenue: in dollars, and in euros when asked.
  if (opts.revenue) createBooking(app, String(profile.id), { total_amount: opts.revenue, currency: 'USD' });
  if (opts.euros) createBooking(app, String(profile.id), { total_amount: opts.euros, currency: 'EUR', check_in_date: '2030-02-10', check_out_date: '2030-02-12' });
  return { userId: String(user.ID), email, role: 'host', token: app.signSession(String(user.ID)), hostProfileId: String(profile.id) };
}

function staffOf(hostProfileId: string): StaffFixture {
  const email = `${unique('staff')}@example.test`;
  const user = insertFixture(app, TABLE_IDS.users, { Email: email, Name: 'Rosa', Role: 'staff', CreateTime: nowIso(app.now()), setupCompleted: true, password_hash: passwordHash });
  const staff = insertFixture(app, TABLE_IDS.housekeeping_staff, { host_id: hostProfileId, staff_name: 'Rosa', staff_email: email, user_id: user.ID, created_date: nowIso(app.now()) });
  return { userId: String(user.ID), email, role: 'staff', token: app.signSession(String(user.ID)), staffId: String(staff.id), hostProfileId };
}

async function list(query: string, token = superAdmin.token): Promise<{ status: number; body: HostListReply & { error?: string } }> {
  const res = await app.inject({ method: 'GET', url: `/api/admin/hosts?${query}`, headers: auth(token) });
  return { status: res.statusCode, body: res.json() };
}

function login(email: string, password = PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

function auditOf(entityId: string) {
  return app.db.select().from(auditLog).where(eq(auditLog.entity_id, entityId)).all();
}

describe('GET /api/admin/hosts', () => {
  const tag = unique('zq');
  beforeAll(() => {
    host({ name: `Alice ${tag}`, company: 'Harbour Homes', tier: 'pro', revenue: 300 });
    host({ name: `Bruno ${tag}`, company: 'Hill Cabins', tier: 'basic', status: 'suspended', revenue: 100, euros: 5000 });
    host({ name: `Chloe ${tag}`, company: 'City Flats', tier: 'pro', subscription: 'past_due', revenue: 200 });
    host({ name: 'Dora Elsewhere', company: `Lake ${tag} Lodges`, tier: 'enterprise', revenue: 50 });
    host({ name: 'Eve 100%_real', company: 'Percent Stays', tier: 'basic' });
  });

  it('searches the user name, the e-mail and the company, case-insensitively', async () => {
    const byName = await list(`search=${tag.toUpperCase()}&sort=name`);
    expect(byName.status).toBe(200);
    expect(byName.body.total).toBe(4);
    expect(byName.body.rows.map((r) => r.name)).toEqual([`Alice ${tag}`, `Bruno ${tag}`, `Chloe ${tag}`, 'Dora Elsewhere']);
    const company = await list('search=hill%20cab');
    expect(company.body.rows.map((r) => r.company_name)).toEqual(['Hill Cabins']);
    const alice = company.body.rows[0];
    const byEmail = await list(`search=${encodeURIComponent(alice?.email ?? '-')}`);
    expect(byEmail.body.rows).toHaveLength(1);
    // LIKE's wildcards are taken literally.
    expect((await list('search=100%25_').then((r) => r.body.rows)).map((r) => r.name)).toEqual(['Eve 100%_real']);
    expect((await list('search=%25%25%25x').then((r) => r.body.total))).toBe(0);
  });

  it('filters by tier, account status and subscription status', async () => {
    expect((await list(`search=${tag}&tier=PRO&sort=name`)).body.rows.map((r) => r.company_name)).toEqual(['Harbour Homes', 'City Flats']);
    expect((await list(`search=${tag}&account_status=suspended`)).body.rows.map((r) => r.company_name)).toEqual(['Hill Cabins']);
    expect((await list(`search=${tag}&subscription_status=past_due`)).body.rows.map((r) => r.company_name)).toEqual(['City Flats']);
    expect((await list(`search=${tag}&tier=&account_status=&subscription_status=`)).body.total).toBe(4);
  });

  it('sorts both ways and pages with the total', async () => {
    const desc = await list(`search=${tag}&sort=-revenue`);
    expect(desc.body.rows.map((r) => r.revenue.find((m) => m.currency === 'USD')?.amount)).toEqual([300, 200, 100, 50]);
    // The stored counter adds currencies: it is not sent.
    expect(desc.body.rows.every((r) => !('total_revenue' in r))).toBe(true);
    // Ranked by dollar revenue; Hill Cabins' 5,000 euros are listed beside its dollars, never added or compared.
    expect(desc.body.rows.map((r) => r.revenue)).toEqual([
      [{ currency: 'USD', amount: 300 }],
      [{ currency: 'USD', amount: 200 }],
      [
        { currency: 'USD', amount: 100 },
        { currency: 'EUR', amount: 5000 },
      ],
      [{ currency: 'USD', amount: 50 }],
    ]);
    const asc = await list(`search=${tag}&sort=revenue`);
    expect(asc.body.rows.map((r) => r.revenue.find((m) => m.currency === 'USD')?.amount)).toEqual([50, 100, 200, 300]);
    const first = await list(`search=${tag}&sort=company&page=1&pageSize=3`);
    const second = await list(`search=${tag}&sort=company&page=2&pageSize=3`);
    expect(first.body.total).toBe(4);
    expect(first.body.rows.map((r) => r.company_name)).toEqual(['City Flats', 'Harbour Homes', 'Hill Cabins']);
    expect(second.body.rows.map((r) => r.company_name)).toEqual([`Lake ${tag} Lodges`]);
    expect(second.body.total).toBe(4);
  });

  it('answers 400 naming the field of a bad query, and 403 to hosts', async () => {
    for (const [query, field] of [
      ['sort=bogus', 'sort'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['page=abc', 'page'],
      ['account_status=gone', 'account_status'],
      ['subscription_status=maybe', 'subscription_status'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(field);
    }
    const unknown = await list('colour=red');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('colour');
    const h = host({ name: 'Nosy', company: 'Nosy' });
    expect((await list('', h.token)).status).toBe(403);
    expect((await list('', admin.token)).status).toBe(200);
  });
});

describe('GET /api/admin/hosts/:id', () => {
  it("answers the host's profile, properties, bookings with commission, staff and feeds", async () => {
    const h = host({ name: 'Page Host', company: 'Page Stays' });
    app.db.transaction((tx) => updateRow(tx, defOf(TABLE_IDS.host_profiles), h.hostProfileId, { commission_rate: 12 }, app.now()));
    const property = createProperty(app, h.hostProfileId, { property_name: 'Dune House' });
    createBooking(app, h.hostProfileId, { property_id: property.id, total_amount: 1000, commission_amount: 120, net_amount: 880 });
    createBooking(app, h.hostProfileId, { property_id: property.id, check_in_date: '2030-02-01', check_out_date: '2030-02-03', total_amount: 500, commission_amount: 60, net_amount: 440 });
    createBooking(app, h.hostProfileId, { property_id: property.id, check_in_date: '2030-03-01', check_out_date: '2030-03-03', total_amount: 999, booking_status: 'cancelled' });
    staffOf(h.hostProfileId);
    insertFixture(app, TABLE_IDS.calendar_feeds, { host_id: h.hostProfileId, property_id: property.id, platform: 'airbnb', ical_url: 'https://example.test/a.ics', last_error: 'HTTP 500', created_at: nowIso(app.now()) });

    const res = await app.inject({ method: 'GET', url: `/api/admin/hosts/${h.hostProfileId}`, headers: auth(admin.token) });
    expect(res.statusCode).toBe(200);
    const detail = res.json<HostDetail>();
    expect(detail.host).toMatchObject({ id: h.hostProfileId, name: 'Page Host', company_name: 'Page Stays', commission_rate: 12 });
    expect(detail.properties.map((p) => p.property_name)).toEqual(['Dune House']);
    expect(detail.totals).toEqual({ bookings: 2, cancelled: 1, byCurrency: [{ currency: 'USD', bookings: 2, revenue: 1500, commission: 180, net: 1320 }] });
    expect(detail.recentBookings.map((b) => b.check_in_date)).toEqual(['2030-03-01', '2030-02-01', '2030-01-10']);
    expect(detail.recentBookings[1]).toMatchObject({ property_name: 'Dune House', commission_amount: 60 });
    expect(detail.staff).toEqual([expect.objectContaining({ staff_name: 'Rosa', has_account: true })]);
    expect(detail.feeds).toEqual([expect.objectContaining({ property_name: 'Dune House', platform: 'airbnb', last_error: 'HTTP 500', last_fetched_at: null })]);

    const missing = await app.inject({ method: 'GET', url: '/api/admin/hosts/nope', headers: auth(admin.token) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('plan and status changes are audited', () => {
  it('records who moved the host to which tier and rate, and who changed its status, with when', async () => {
    const h = host({ name: 'Audited', company: 'Audited' });
    insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'Gold', monthly_price: 49, commission_rate: 9 });
    const plan = await app.inject({ method: 'POST', url: `/api/admin/hosts/${h.hostProfileId}/plan`, headers: auth(admin.token), payload: { tier: 'gold', commission_rate: 7.5 } });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({ subscription_tier: 'Gold', commission_rate: 7.5 });
    const status = await app.inject({ method: 'POST', url: `/api/admin/hosts/${h.hostProfileId}/status`, headers: auth(superAdmin.token), payload: { account_status: 'suspended' } });
    expect(status.statusCode).toBe(200);
    const entries = auditOf(h.hostProfileId);
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['host_plan', admin.userId],
      ['host_status', superAdmin.userId],
    ]);
    expect(entries[0]?.details).toEqual({ from: { tier: 'basic', commission_rate: 10 }, to: { tier: 'Gold', commission_rate: 7.5 } });
    expect(entries[1]?.details).toEqual({ from: 'active', to: 'suspended' });
    for (const e of entries) expect(Math.abs(Date.parse(e.created_at) - Date.now())).toBeLessThan(60_000);
  });
});

describe('suspension', () => {
  it('stops sign-in, ends the host and staff sessions (sync included) and the feed poll; reactivation lets them sign in again', async () => {
    const h = host({ name: 'Suspendable', company: 'Soon Suspended' });
    const staff = staffOf(h.hostProfileId);
    const property = createProperty(app, h.hostProfileId);
    // An address no fetch is allowed to reach: the poll tries it and fails, which is enough to see it was due.
    const feedId = String(
      insertFixture(app, TABLE_IDS.calendar_feeds, { host_id: h.hostProfileId, property_id: property.id, platform: 'vrbo', ical_url: 'http://127.0.0.1:9/x.ics', created_at: nowIso(app.now()) }).id,
    );
    const setStatus = (account_status: string) =>
      app.inject({ method: 'POST', url: `/api/admin/hosts/${h.hostProfileId}/status`, headers: auth(admin.token), payload: { account_status } });
    const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
    const pull = (token: string) => app.inject({ method: 'GET', url: '/api/sync/pull?cursor=0', headers: auth(token) });
    const push = (token: string) => app.inject({ method: 'POST', url: '/api/sync/push', headers: auth(token), payload: { clientId: 'device-1', mutations: [] } });
    const polled = async () => (await pollFeeds(app.db, { now: () => new Date(), fetch: { timeoutMs: 500 } })).feedIds.includes(feedId);

    expect((await login(h.email)).statusCode).toBe(200);
    expect((await pull(h.token)).statusCode).toBe(200);
    expect((await me(staff.token)).statusCode).toBe(200);

    expect((await setStatus('suspended')).statusCode).toBe(200);
    // Trying again and again with the right password is never a lockout (5 failures lock).
    for (let i = 0; i < 7; i++) {
      const refused = await login(h.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: ACCOUNT_SUSPENDED });
    }
    // The wrong password still hears only that the credentials are wrong.
    expect((await login(h.email, 'not the password')).statusCode).toBe(401);
    // The suspension revoked their sessions (modules/auth/sessions.ts): refused like any ended session.
    for (const res of [await me(h.token), await pull(h.token), await push(h.token), await me(staff.token), await pull(staff.token), await push(staff.token)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Session expired or invalid, please sign in again' });
    }
    // A session opened otherwise (not through the sign-in, which refuses) is refused with the reason.
    const late = app.signSession(h.userId);
    expect((await me(late)).json()).toEqual({ error: ACCOUNT_SUSPENDED });
    const staffLogin = await login(staff.email);
    expect(staffLogin.statusCode).toBe(403);
    expect(staffLogin.json()).toEqual({ error: ACCOUNT_SUSPENDED });
    expect(await polled()).toBe(false);

    expect((await setStatus('active')).statusCode).toBe(200);
    // The revoked sessions stay ended; signing in again works.
    expect((await me(h.token)).statusCode).toBe(401);
    const hostAgain = (await login(h.email)).json<{ token: string }>().token;
    const staffAgain = (await login(staff.email)).json<{ token: string }>().token;
    expect((await me(hostAgain)).statusCode).toBe(200);
    expect((await pull(hostAgain)).statusCode).toBe(200);
    expect((await push(hostAgain)).statusCode).toBe(200);
    expect((await pull(staffAgain)).statusCode).toBe(200);
    expect(await polled()).toBe(true);
  });
});

describe('admins', () => {
  const invite = (payload: unknown, token = superAdmin.token) => app.inject({ method: 'POST', url: '/api/admin/admins/invite', headers: auth(token), payload: payload as object });
  const setActive = (id: string, active: boolean, token = superAdmin.token) =>
    app.inject({ method: 'POST', url: `/api/admin/admins/${id}/status`, headers: auth(token), payload: { active } });

  it('are managed by super admins only', async () => {
    for (const token of [admin.token, createUser(app, 'host').token]) {
      expect((await app.inject({ method: 'GET', url: '/api/admin/admins', headers: auth(token) })).statusCode).toBe(403);
      expect((await invite({ email: 'x@example.test', name: 'X' }, token)).statusCode).toBe(403);
      expect((await setActive(admin.userId, false, token)).statusCode).toBe(403);
    }
  });

  it('invites by e-mail with a link to set the password; deactivation stops sign-in and ends sessions; reactivation lets it sign in again', async () => {
    devMailbox.clear();
    const email = `${unique('newadmin')}@Example.test`;
    const res = await invite({ email, name: 'Nina Admin' });
    expect(res.statusCode).toBe(201);
    const invited = res.json<AdminUser>();
    expect(invited).toMatchObject({ Email: email.toLowerCase(), Name: 'Nina Admin', Role: 'admin', active: true, invited: true });
    // Queued with the invite, sent after the commit by the mail queue's sender.
    await app.mail.sender.drain();
    const mail = devMailbox.lastTo(email);
    expect(mail?.subject).toContain('administer');
    const link = linkIn(mail?.text ?? '');
    expect(link.pathname).toBe('/resetpassword');
    // The page asks an admin for a first password (a staff invite's `invite=1` previews a host).
    expect(link.searchParams.get('invite')).toBe('admin');
    const token = link.searchParams.get('token') ?? '';
    expect((await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: PASSWORD } })).statusCode).toBe(200);
    const signedIn = await login(email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.Role).toBe('admin');
    const session = signedIn.json<{ token: string }>().token;

    const listed = await app.inject({ method: 'GET', url: '/api/admin/admins', headers: auth(superAdmin.token) });
    expect(listed.json<{ rows: AdminUser[] }>().rows.find((a) => a.ID === invited.ID)).toMatchObject({ active: true, invited: false });

    const off = await setActive(invited.ID, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    for (let i = 0; i < 6; i++) {
      const refused = await login(email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: ACCOUNT_DEACTIVATED });
    }
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/admin/hosts', headers: auth(session) })).statusCode).toBe(401);
    expect((await invite({ email, name: 'Again' })).statusCode).toBe(409);

    const on = await setActive(invited.ID, true);
    expect(on.json()).toMatchObject({ active: true });
    // The deactivation revoked the old session; a new sign-in works.
    expect((await app.inject({ method: 'GET', url: '/api/admin/hosts', headers: auth(session) })).statusCode).toBe(401);
    const again = (await login(email)).json<{ token: string }>().token;
    expect((await app.inject({ method: 'GET', url: '/api/admin/hosts', headers: auth(again) })).statusCode).toBe(200);

    expect(auditOf(invited.ID).map((e) => [e.action, e.actor_id])).toEqual([
      ['admin_invite', superAdmin.userId],
      ['admin_deactivate', superAdmin.userId],
      ['admin_reactivate', superAdmin.userId],
    ]);
  });

  it('refuses a bad address naming the field, an address in use, and super admins', async () => {
    const bad = await invite({ email: 'not-an-address', name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('email');
    const noName = await invite({ email: 'someone@example.test', name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toContain('name');
    const h = host({ name: 'Taken', company: 'Taken' });
    expect((await invite({ email: h.email, name: 'Taken' })).statusCode).toBe(409);
    expect((await setActive(superAdmin.userId, false)).statusCode).toBe(403);
    expect((await setActive(h.userId, false)).statusCode).toBe(404);
    expect(app.db.select().from(auditLog).where(and(eq(auditLog.entity_id, superAdmin.userId))).all()).toEqual([]);
  });
});
