/**
 * Admin billing routes: the history's spec §5 filters and the revenue stats' spec §9 formulas over
 * payments and subscriptions made here, on a fixed clock (2026-03-15 12:00 UTC); and the admin
 * dashboard's figures over rows made for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { pushDeliveries } from '../../shared/schema/tables';
import type { BillingHistoryReply, Dashboard, RevenueStats } from '../../shared/api/billing';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createUser, insertFixture, type HostFixture, type UserFixture } from './fixtures';

const NOW = new Date('2026-03-15T12:00:00.000Z');

function tombstone(app: TestApp, table: string, id: unknown): void {
  app.db.$client.prepare(`UPDATE ${table} SET deleted_at = ? WHERE id = ?`).run(NOW.toISOString(), String(id));
}

function subscription(app: TestApp, userId: string, ext: string, plan: string, status: string, cycle = 'monthly'): void {
  insertFixture(app, TABLE_IDS.paypal_subscriptions, {
    paypal_subscription_id: ext,
    user_id: userId,
    plan_name: plan,
    subscription_status: status,
    billing_cycle: cycle,
    start_time: '2025-12-01T00:00:00.000Z',
    created_at: '2025-12-01T00:00:00.000Z',
  });
}

function payment(app: TestApp, sub: string | null, txn: string, amount: number, time: string, extra: Record<string, unknown> = {}): string {
  const row = insertFixture(app, TABLE_IDS.paypal_payments, {
    paypal_payment_id: `PAY-${txn}`,
    paypal_subscription_id: sub,
    amount,
    currency_code: 'USD',
    payment_status: 'COMPLETED',
    transaction_id: txn,
    payment_time: time,
    created_at: time,
    ...extra,
  });
  return String(row.id);
}

describe('billing routes', () => {
  let app: TestApp;
  let admin: UserFixture;
  let superAdmin: UserFixture;
  let hostA: HostFixture;
  let hostB: HostFixture;
  let hostC: HostFixture;
  const ids: Record<string, string> = {};

  const history = async (query: string, token = admin.token) => {
    const res = await app.inject({ method: 'GET', url: `/api/admin/billing/history${query}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BillingHistoryReply>();
  };
  const txns = async (query: string) => (await history(query)).rows.map((r) => r.transactionId);

  beforeAll(async () => {
    app = await makeTestApp({ now: () => NOW });
    admin = createUser(app, 'admin');
    superAdmin = createUser(app, 'super_admin');
    hostA = createHost(app, { company: 'Lovelace Lets' });
    hostB = createHost(app, { company: 'Hopper Homes' });
    hostC = createHost(app, { company: 'Kyoto Co' });
    const rename = app.db.$client.prepare('UPDATE users SET Name = ? WHERE ID = ?');
    rename.run('Ada Lovelace', hostA.userId);
    rename.run('Grace Hopper', hostB.userId);
    rename.run('', hostC.userId); // no name: the company name stands in
    subscription(app, hostA.userId, 'I-A', 'Pro Monthly', 'ACTIVE');
    subscription(app, hostB.userId, 'I-B', 'Basic Monthly', 'CANCELLED');
    subscription(app, hostC.userId, 'I-C', 'Enterprise Yearly', 'ACTIVE', 'yearly');
    ids.p1 = payment(app, 'I-A', 'TXN-A-MAR', 49.99, '2026-03-10T09:00:00.000Z');
    ids.p2 = payment(app, 'I-A', 'TXN-A-FEB', 49.99, '2026-02-10T09:00:00.000Z');
    // With an offset: 2026-02-02T22:00Z, last month.
    ids.p3 = payment(app, 'I-B', 'TXN-B-FEB', 29.99, '2026-02-03T00:00:00+02:00');
    // 2026-02-28T23:30Z (last month in UTC), refunded: never revenue.
    ids.p4 = payment(app, 'I-B', 'TXN-B-MAR', 29.99, '2026-03-01T00:30:00+01:00', { payment_status: 'REFUNDED' });
    ids.p5 = payment(app, 'I-C', 'TXN-C-JAN', 999.99, '2026-01-20T08:00:00.000Z');
    // Another currency: listed, but not added to the revenue in USD.
    ids.p6 = payment(app, 'I-C', 'TXN-EUR', 10, '2026-03-12T10:00:00.000Z', { currency_code: 'EUR' });
    // Deleted: nowhere.
    tombstone(app, 'paypal_payments', payment(app, 'I-A', 'TXN-GONE', 500, '2026-03-11T10:00:00.000Z'));
    // A subscription deleted with its payment: neither counts.
    subscription(app, hostB.userId, 'I-GONE', 'Pro Monthly', 'ACTIVE');
    app.db.$client.prepare("UPDATE paypal_subscriptions SET deleted_at = ? WHERE paypal_subscription_id = 'I-GONE'").run(NOW.toISOString());
  });
  afterAll(async () => {
    await app.cleanup();
  });

  it('lists every live payment newest first as spec §3 billing history rows', async () => {
    const reply = await history('');
    expect(reply.total).toBe(6);
    expect(reply.rows.map((r) => r.transactionId)).toEqual(['TXN-EUR', 'TXN-A-MAR', 'TXN-B-MAR', 'TXN-A-FEB', 'TXN-B-FEB', 'TXN-C-JAN']);
    const byTxn = new Map(reply.rows.map((r) => [r.transactionId, r]));
    expect(byTxn.get('TXN-A-MAR')).toEqual({
      id: ids.p1,
      hostId: hostA.hostProfileId,
      hostName: 'Ada Lovelace',
      hostEmail: hostA.email,
      subscriptionId: 'I-A',
      planName: 'Pro Monthly',
      amount: 49.99,
      currency: 'USD',
      status: 'COMPLETED',
      paymentMethod: 'PayPal',
      transactionId: 'TXN-A-MAR',
      billingDate: '2026-03-10T09:00:00.000Z',
      nextBillingDate: '2026-04-10T09:00:00.000Z',
      created: '2026-03-10T09:00:00.000Z',
    });
    // Instants with an offset come back in UTC.
    expect(byTxn.get('TXN-B-FEB')?.billingDate).toBe('2026-02-02T22:00:00.000Z');
    // The next billing date: one cycle on, only while the subscription is active and the day is ahead.
    expect(byTxn.get('TXN-A-FEB')?.nextBillingDate).toBeNull();
    expect(byTxn.get('TXN-B-MAR')?.nextBillingDate).toBeNull();
    expect(byTxn.get('TXN-C-JAN')?.nextBillingDate).toBe('2027-01-20T08:00:00.000Z');
    expect(byTxn.get('TXN-C-JAN')).toMatchObject({ hostName: 'Kyoto Co', hostId: hostC.hostProfileId, planName: 'Enterprise Yearly' });
    expect(byTxn.get('TXN-EUR')).toMatchObject({ amount: 10, currency: 'EUR' });
  });

  it('filters by status (all, or a value in any case)', async () => {
    expect(await txns('?status=all')).toHaveLength(6);
    expect(await txns('?status=completed')).toEqual(['TXN-EUR', 'TXN-A-MAR', 'TXN-A-FEB', 'TXN-B-FEB', 'TXN-C-JAN']);
    expect(await txns('?status=REFUNDED')).toEqual(['TXN-B-MAR']);
    expect(await txns('?status=PENDING')).toEqual([]);
  });

  it('filters by a part of the plan name, in any case', async () => {
    expect(await txns('?plan=pro')).toEqual(['TXN-A-MAR', 'TXN-A-FEB']);
    expect(await txns('?plan=MONTHLY')).toEqual(['TXN-A-MAR', 'TXN-B-MAR', 'TXN-A-FEB', 'TXN-B-FEB']);
    expect(await txns('?plan=')).toHaveLength(6);
  });

  it("searches the host's name, e-mail and the transaction id, in any case", async () => {
    expect(await txns('?search=ada%20LOVE')).toEqual(['TXN-A-MAR', 'TXN-A-FEB']);
    expect(await txns(`?search=${encodeURIComponent(hostB.email.toUpperCase().slice(0, 8))}`)).toEqual(['TXN-B-MAR', 'TXN-B-FEB']);
    expect(await txns('?search=txn-c')).toEqual(['TXN-C-JAN']);
    expect(await txns('?search=kyoto')).toEqual(['TXN-EUR', 'TXN-C-JAN']);
    // LIKE's wildcards typed by the user match themselves only.
    expect(await txns('?search=%25')).toEqual([]);
    expect(await txns('?search=TXN_')).toEqual([]);
  });

  it('keeps the payments of the last N days, to the instant', async () => {
    // Five days back is 2026-03-10T12:00Z: the payment at 09:00 that day is older.
    expect(await txns('?days=5')).toEqual(['TXN-EUR']);
    expect(await txns('?days=6')).toEqual(['TXN-EUR', 'TXN-A-MAR']);
    expect(await txns('?days=3650')).toHaveLength(6);
  });

  it('combines the filters, caps the rows at limit and counts every match', async () => {
    // 40 days back is 2026-02-03T12:00Z.
    expect(await txns('?status=COMPLETED&plan=monthly&days=40')).toEqual(['TXN-A-MAR', 'TXN-A-FEB']);
    const capped = await history('?limit=2');
    expect(capped.rows.map((r) => r.transactionId)).toEqual(['TXN-EUR', 'TXN-A-MAR']);
    expect(capped.total).toBe(6);
  });

  it('computes the revenue stats with the spec §9 formulas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/billing/revenue-stats', headers: { authorization: `Bearer ${superAdmin.token}` } });
    expect(res.statusCode).toBe(200);
    const stats = res.json<RevenueStats>();
    // March: 49.99. February: 49.99 + 29.99 (the refund and the euro payment never count).
    expect(stats).toMatchObject({
      totalRevenue: 1129.96,
      monthlyRevenue: 49.99,
      lastMonthRevenue: 79.98,
      activeSubscriptions: 2,
      totalHosts: 3,
      // 49.99 / 3 = 16.663…
      averageRevenuePerHost: 16.66,
      // (49.99 − 79.98) / 79.98 = −37.497…%
      growthRate: -37.5,
      currency: 'USD',
    });
    expect(stats.revenueByMonth).toHaveLength(12);
    expect(stats.revenueByMonth[0]?.month).toBe('2025-04');
    expect(stats.revenueByMonth.slice(-3)).toEqual([
      { month: '2026-01', revenue: 999.99 },
      { month: '2026-02', revenue: 79.98 },
      { month: '2026-03', revenue: 49.99 },
    ]);
    expect(stats.revenueByMonth.slice(0, 9).every((m) => m.revenue === 0)).toBe(true);
  });

  it('answers 400 naming the field for a bad query', async () => {
    const cases: [string, string][] = [
      ['?days=0', 'days'],
      ['?days=abc', 'days'],
      ['?days=-3', 'days'],
      ['?limit=99999', 'limit'],
      ['?status=not%20a%20status!', 'status'],
      [`?search=${'x'.repeat(201)}`, 'search'],
      [`?plan=${'p'.repeat(101)}`, 'plan'],
    ];
    for (const [query, field] of cases) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/billing/history${query}`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error, query).toContain(`Invalid value for querystring ${field}`);
    }
  });

  it('is for admins only: 403 for a host and staff, 401 without a session', async () => {
    const staff = createStaff(app, hostA.hostProfileId);
    for (const url of ['/api/admin/billing/history', '/api/admin/billing/revenue-stats', '/api/admin/dashboard']) {
      for (const token of [hostA.token, staff.token]) {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, url).toBe(403);
      }
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('answers zeros when there is nothing', async () => {
    const empty = await makeTestApp({ now: () => NOW });
    try {
      const token = createUser(empty, 'admin').token;
      const stats = (await empty.inject({ method: 'GET', url: '/api/admin/billing/revenue-stats', headers: { authorization: `Bearer ${token}` } })).json<RevenueStats>();
      expect(stats).toMatchObject({ totalRevenue: 0, monthlyRevenue: 0, activeSubscriptions: 0, totalHosts: 0, averageRevenuePerHost: 0, growthRate: 0 });
      const list = (await empty.inject({ method: 'GET', url: '/api/admin/billing/history', headers: { authorization: `Bearer ${token}` } })).json<BillingHistoryReply>();
      expect(list).toEqual({ rows: [], total: 0 });
    } finally {
      await empty.cleanup();
    }
  });
});

describe('admin dashboard', () => {
  let app: TestApp;
  let admin: UserFixture;
  let hostA: HostFixture;
  let pushId = 0;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await makeTestApp({ now: () => NOW });
    admin = createUser(app, 'admin');
    // Hosts: three made now (this month), one of them suspended; one from last month; one deleted.
    const a = createHost(app);
    const b = createHost(app);
    app.db.$client.prepare("UPDATE host_profiles SET account_status = 'suspended' WHERE id = ?").run(b.hostProfileId);
    createHost(app);
    const old = createHost(app);
    app.db.$client.prepare("UPDATE host_profiles SET created_date = '2026-02-28T23:59:59.000Z' WHERE id = ?").run(old.hostProfileId);
    tombstone(app, 'host_profiles', createHost(app).hostProfileId);

    // Properties: three live, one archived, one deleted.
    const p1 = createProperty(app, a.hostProfileId);
    createProperty(app, a.hostProfileId);
    createProperty(app, b.hostProfileId);
    createProperty(app, b.hostProfileId, { status: 'archived' });
    tombstone(app, 'properties', createProperty(app, a.hostProfileId).id);

    // Bookings: two this month (one on the 1st), one cancelled, one on the last day of February,
    // one on the 1st of April, one deleted.
    const booking = (check_in_date: string, total_amount: number, commission_amount: number, extra: Record<string, unknown> = {}) =>
      createBooking(app, a.hostProfileId, {
        property_id: p1.id,
        check_in_date,
        check_out_date: `${check_in_date.slice(0, 8)}${String(Number(check_in_date.slice(8)) + 1).padStart(2, '0')}`,
        total_amount,
        commission_amount,
        net_amount: total_amount - commission_amount,
        ...extra,
      });
    booking('2026-03-01', 1000, 100);
    booking('2026-03-20', 500, 60);
    booking('2026-03-22', 800, 80, { booking_status: 'cancelled' });
    booking('2026-02-28', 300, 30);
    booking('2026-04-01', 200, 20);
    tombstone(app, 'bookings', booking('2026-03-05', 9000, 900).id);

    ids.property = String(p1.id);
    // Calendar feeds: failing, stale, fresh, new (never fetched yet, made an hour ago), inactive, deleted.
    const feed = (values: Record<string, unknown>) =>
      insertFixture(app, TABLE_IDS.calendar_feeds, {
        host_id: a.hostProfileId,
        property_id: p1.id,
        platform: 'airbnb',
        ical_url: 'https://ical.example.test/a.ics',
        created_at: '2026-01-01T00:00:00.000Z',
        ...values,
      });
    ids.failingFeed = String(feed({ last_error: 'Connection timeout to the platform servers', last_success_at: '2026-03-15T11:00:00.000Z' }).id);
    ids.staleFeed = String(feed({ last_success_at: '2026-03-13T12:00:00.000Z' }).id);
    feed({ last_success_at: '2026-03-15T11:45:00.000Z' });
    feed({ created_at: '2026-03-15T11:00:00.000Z' });
    feed({ is_active: false, last_error: 'gone' });
    tombstone(app, 'calendar_feeds', feed({ last_error: 'deleted' }).id);

    // Push deliveries: one retrying after a failure, one waiting for its first try, one expired.
    const sub = insertFixture(app, TABLE_IDS.push_subscriptions, { user_id: a.userId, endpoint: 'https://push.example.test/a', p256dh: 'p', auth: 'a', created_at: NOW.toISOString() });
    const delivery = (last_error: string | null, expires_at: string) =>
      app.db
        .insert(pushDeliveries)
        .values({ subscription_id: String(sub.id), payload: '{}', ttl: 60, next_attempt_at: NOW.toISOString(), expires_at, last_error, created_at: NOW.toISOString() })
        .returning({ id: pushDeliveries.id })
        .get().id;
    pushId = delivery('410 Gone', '2026-03-16T00:00:00.000Z');
    hostA = a;
    delivery(null, '2026-03-16T00:00:00.000Z');
    delivery('500', '2026-03-15T11:00:00.000Z');

    // Subscription revenue: 49.99 this month, 29.99 last month, one active subscriber.
    subscription(app, a.userId, 'I-DASH', 'Pro Monthly', 'ACTIVE');
    payment(app, 'I-DASH', 'T-MAR', 49.99, '2026-03-02T00:00:00.000Z');
    payment(app, 'I-DASH', 'T-FEB', 29.99, '2026-02-02T00:00:00.000Z');
  });
  afterAll(async () => {
    await app.cleanup();
  });

  it('answers each figure from the rows', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Dashboard>()).toEqual({
      month: '2026-03',
      hosts: { total: 4, active: 3, suspended: 1, newThisMonth: 3 },
      properties: 3,
      bookingsThisMonth: 2,
      grossBookingValueThisMonth: [{ currency: 'USD', amount: 1500 }],
      commissionThisMonth: [{ currency: 'USD', amount: 160 }],
      commissionTotal: [{ currency: 'USD', amount: 210 }],
      subscriptions: { monthlyRevenue: 49.99, activeSubscriptions: 1, growthRate: 66.69, averageRevenuePerHost: 49.99, currency: 'USD' },
      calendarFeeds: { failing: 1, stale: 1 },
      pushDeliveriesFailing: 1,
      uploads: { bytes: 0, files: 0 },
      attention: {
        feeds: [
          {
            id: ids.failingFeed,
            state: 'failing',
            hostName: 'Test Stays',
            propertyName: expect.any(String) as string,
            platform: 'airbnb',
            lastError: 'Connection timeout to the platform servers',
            lastSuccessAt: '2026-03-15T11:00:00.000Z',
          },
          { id: ids.staleFeed, state: 'stale', hostName: 'Test Stays', propertyName: expect.any(String) as string, platform: 'airbnb', lastError: null, lastSuccessAt: '2026-03-13T12:00:00.000Z' },
        ],
        pushDeliveries: [{ id: pushId, userEmail: hostA.email, attempts: 0, lastError: '410 Gone', nextAttemptAt: NOW.toISOString() }],
      },
    });
    const property = app.db.$client.prepare('SELECT property_name AS name FROM properties WHERE id = ?').get(ids.property) as { name: string };
    expect(res.json<Dashboard>().attention.feeds.map((f) => f.propertyName)).toEqual([property.name, property.name]);
  });
});
