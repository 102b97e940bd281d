import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { makeTestApp, type TestApp, inUnits } from './helpers';
import { expectCounters } from './bookings-helpers';
import { seedDemo } from '../src/seed';
import { loadActor } from '../src/actor';
import { currentVersion } from '../src/db/write';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../shared/demo/accounts';
import { DEMO_TABLES, generateDemoData } from '../../shared/demo/generate';
import { tableByName } from '../../shared/registry';
import { bookings, hostProfiles, housekeepingStaff, housekeepingTasks, properties, turnoverTasks, users } from '../../shared/schema/tables';
import { bookingUid } from '../src/integrations/ical/export';
import { parseIcalFeed } from '../src/integrations/ical/parse';

// Late in the UTC day, so that a seed that took "today" from local time would show it.
const NOW = new Date('2025-06-15T23:30:00.000Z');
const TODAY = '2025-06-15';

function countRows(app: TestApp, name: string): number {
  const def = tableByName(name);
  if (!def) throw new Error(`no table ${name}`);
  return (app.db.$client.prepare(`SELECT COUNT(*) AS n FROM "${def.name}"`).get() as { n: number }).n;
}

describe('demo seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp({ seed: true, now: () => NOW });
  });
  afterAll(async () => app.cleanup());

  it('writes every table of the generator, each row with its own version', () => {
    const expected = generateDemoData({ today: TODAY });
    let total = 0;
    for (const name of DEMO_TABLES) {
      const n = app.db.$client.prepare(`SELECT COUNT(*) AS n, COUNT(DISTINCT version) AS v, MIN(version) AS lo FROM "${name}"`).get() as {
        n: number;
        v: number;
        lo: number;
      };
      // Start-up gives every host without a default template the standard turnover one (app.ts).
      const given = name === 'task_templates' ? expected.host_profiles.filter((h) => !expected.task_templates.some((t) => t.host_id === h.id && t.is_default)).length : 0;
      expect(n.n, name).toBe(expected[name].length + given);
      expect(n.v, name).toBe(n.n);
      expect(n.lo, name).toBeGreaterThan(0);
      total += n.n;
    }
    expect(total).toBeGreaterThan(90);
    expect(currentVersion(app.db)).toBeGreaterThanOrEqual(total);
  });

  it('creates the three demo accounts with their roles, signing in with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: DEMO_PASSWORD } });
      expect(res.statusCode, account.email).toBe(200);
      expect(res.json().user).toMatchObject({ Email: account.email, Role: account.role, Name: account.name });
    }
    const rows = app.db.select({ email: users.Email, h: users.password_hash }).from(users).all();
    const demo = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    expect(rows.filter((r) => demo.has(r.email)).every((r) => r.h?.startsWith('scrypt$'))).toBe(true);
    // The demo's other hosts have no password: nobody signs in as them.
    const others = rows.filter((r) => !demo.has(r.email));
    expect(others.length).toBeGreaterThanOrEqual(12);
    expect(others.every((r) => r.h === null)).toBe(true);
    const other = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: others[0]?.email, password: DEMO_PASSWORD } });
    expect(other.statusCode).toBe(401);
  });

  it('keeps the host profile counters equal to the host bookings', () => {
    const host = app.db.select().from(users).where(eq(users.Role, 'host')).get();
    const profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.user_id, host?.ID ?? '')).get();
    expect(profile).toMatchObject({ subscription_tier: 'pro', commission_rate: 12, properties_count: 3 });
    const live = app.db.$client
      .prepare(`SELECT COUNT(*) AS n FROM bookings WHERE host_id = ? AND booking_status <> 'cancelled' AND deleted_at IS NULL`)
      .get(profile?.id) as { n: number };
    expect(profile?.total_bookings).toBe(live.n);
    // The demo prices in three currencies: the recount reads each in its own minor units.
    expectCounters(app, profile?.id ?? '');
  });

  it('has no two live bookings of one property on the same night', () => {
    const overlaps = app.db.$client
      .prepare(
        `SELECT COUNT(*) AS n FROM bookings a JOIN bookings b
           ON a.property_id = b.property_id AND a.id < b.id
          AND a.check_in_date < b.check_out_date AND b.check_in_date < a.check_out_date
        WHERE a.booking_status <> 'cancelled' AND b.booking_status <> 'cancelled'`,
      )
      .get() as { n: number };
    expect(overlaps.n).toBe(0);
    expect(app.db.select({ n: sql<number>`count(*)` }).from(bookings).get()?.n).toBeGreaterThanOrEqual(30);
  });

  it('links the housekeeper to its staff row and gives it work today, one urgent and one overdue task', () => {
    const housekeeperUser = app.db.select().from(users).where(eq(users.Email, 'housekeeper@example.com')).get();
    expect(housekeeperUser?.Role).toBe('staff');
    const actor = loadActor(app.db, housekeeperUser?.ID ?? '');
    const staffRow = app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.staff_email, 'housekeeper@example.com')).get();
    expect(actor?.staffId).toBeDefined();
    expect(actor?.staffId).toBe(staffRow?.id);

    const pendingToday = app.db
      .select()
      .from(housekeepingTasks)
      .where(and(eq(housekeepingTasks.task_status, 'pending'), eq(housekeepingTasks.scheduled_date, TODAY), eq(housekeepingTasks.assigned_staff_id, staffRow?.id ?? '')))
      .all();
    expect(pendingToday.length).toBeGreaterThanOrEqual(1);
    const urgent = app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.priority_level, 'urgent')).all();
    expect(urgent).toHaveLength(1);
    expect(urgent[0]?.task_status).toBe('pending');
    const overdue = app.db
      .select()
      .from(housekeepingTasks)
      .where(and(eq(housekeepingTasks.task_status, 'pending'), sql`${housekeepingTasks.due_date} < ${TODAY}`, isNull(housekeepingTasks.deleted_at)))
      .all();
    expect(overdue).toHaveLength(1);
  });

  it('lets the demo host page its bookings through the table API', async () => {
    const host = app.db.select().from(users).where(eq(users.Email, 'host@example.com')).get();
    const res = await app.inject({
      method: 'POST',
      url: '/api/table/20101/page',
      headers: { authorization: `Bearer ${app.signSession(host?.ID ?? '')}` },
      payload: { PageNo: 1, PageSize: 1000, OrderByField: 'check_in_date', IsAsc: false },
    });
    expect(res.statusCode).toBe(200);
    const profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.user_id, host?.ID ?? '')).get();
    expect(res.json().VirtualCount).toBe(app.db.select({ n: sql<number>`count(*)` }).from(bookings).where(eq(bookings.host_id, profile?.id ?? '')).get()?.n);
    expect(res.json().VirtualCount).toBe(generateDemoData({ today: TODAY }).bookings.filter((b) => b.host_id === profile?.id).length);
  });

  it('gives each demo property its own export URL, which serves that property\'s demo bookings as iCal', async () => {
    const demo = app.db.select().from(properties).all();
    expect(demo.length).toBe(generateDemoData({ today: TODAY }).properties.length);
    expect(new Set(demo.map((p) => p.ical_export_token)).size).toBe(demo.length);
    for (const property of demo) {
      const token = property.ical_export_token ?? '';
      expect(token.length, property.property_name).toBeGreaterThanOrEqual(32);
      expect(property.ical_export_url).toBe(`${app.config.publicOrigin}/ical/${property.id}/${token}.ics`);

      const res = await app.inject({ method: 'GET', url: new URL(property.ical_export_url ?? '').pathname });
      expect(res.statusCode, property.property_name).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      const stays = app.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.property_id, property.id), isNull(bookings.deleted_at), sql`${bookings.booking_status} <> 'cancelled'`))
        .all();
      expect(stays.length, property.property_name).toBeGreaterThan(0);
      // Read back with our own importer: the same stays, each once, on the same dates.
      const events = parseIcalFeed(res.body, { timezone: property.timezone, today: TODAY }).instances;
      const byUid = (a: { uid: string }, b: { uid: string }) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
      expect(events.map((e) => ({ uid: e.uid, start: e.start, end: e.end })).sort(byUid)).toEqual(
        stays.map((b) => ({ uid: bookingUid(b.id), start: b.check_in_date, end: b.check_out_date })).sort(byUid),
      );
    }
    const first = demo[0];
    const wrong = await app.inject({ method: 'GET', url: `/ical/${first?.id}/${'x'.repeat(32)}.ics` });
    expect(wrong.statusCode).toBe(404);
  });

  it('links its turnover tasks to their bookings, so editing a demo booking makes no second one', async () => {
    const host = app.db.select().from(users).where(eq(users.Email, 'host@example.com')).get();
    const linked = app.db.select().from(turnoverTasks).all();
    expect(linked.length).toBeGreaterThan(0);
    const future = linked
      .map((l) => inUnits(bookings, app.db.select().from(bookings).where(eq(bookings.id, l.booking_id)).get()))
      .find((b) => b && b.booking_status !== 'cancelled' && b.check_out_date > TODAY);
    expect(future).toBeDefined();
    const res = await app.inject({
      method: 'POST',
      url: '/api/table/20101/update',
      headers: { authorization: `Bearer ${app.signSession(host?.ID ?? '')}` },
      payload: { ID: future!.id, total_amount: future!.total_amount + 10 },
    });
    expect(res.statusCode).toBe(200);
    const tasks = app.db
      .select()
      .from(housekeepingTasks)
      .where(and(eq(housekeepingTasks.booking_id, future!.id), isNull(housekeepingTasks.deleted_at)))
      .all()
      .filter((t) => t.task_category === 'cleaning' && t.task_status !== 'cancelled');
    expect(tasks).toHaveLength(1);
  });

  it('shows real billing figures before any payment provider is connected', async () => {
    const admin = app.db.select().from(users).where(eq(users.Email, 'superadmin@example.com')).get();
    const headers = { authorization: `Bearer ${app.signSession(admin?.ID ?? '')}` };
    const history = (await app.inject({ method: 'GET', url: '/api/admin/billing/history', headers })).json<{ rows: { hostName: string }[]; total: number }>();
    expect(history.total).toBe(generateDemoData({ today: TODAY }).paypal_payments.length);
    expect(history.rows.every((r) => r.hostName !== '')).toBe(true);
    const stats = (await app.inject({ method: 'GET', url: '/api/admin/billing/revenue-stats', headers })).json<Record<string, number>>();
    expect(stats.totalRevenue).toBeGreaterThan(0);
    expect(stats.monthlyRevenue).toBeGreaterThan(0);
    expect(stats.activeSubscriptions).toBeGreaterThanOrEqual(8);
    const dashboard = (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json<{ hosts: Record<string, number> }>();
    expect(dashboard.hosts).toMatchObject({ total: 13, suspended: 1 });
  });

  it('does nothing on a second run', () => {
    const before = currentVersion(app.db);
    const userCount = countRows(app, 'users');
    expect(seedDemo(app.db, new Date('2025-07-01T00:00:00.000Z'), app.config.publicOrigin)).toEqual({ seeded: false, rows: 0 });
    expect(currentVersion(app.db)).toBe(before);
    expect(countRows(app, 'users')).toBe(userCount);
  });
});
