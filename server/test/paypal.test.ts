/**
 * PayPal routes against the fake PayPal over real HTTP: configure (checked, encrypted, never
 * answered), plan sync (made once, unchanged prices create nothing, a new price retires the old
 * mapping), subscribe and the subscription actions, with the database checked after each.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { hostProfiles, paypalConfig, paypalPlanSync, paypalPlans, paypalSubscriptions } from '../../shared/schema/tables';
import type { MySubscriptionReply, PlanSyncReply, SubscribeReply } from '../../shared/api/paypal';
import { startFakePaypal, type FakePaypal } from '../src/integrations/paypal/fake/server';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createUser, insertFixture, type HostFixture, type UserFixture } from './fixtures';

describe('PayPal routes', () => {
  let fake: FakePaypal;
  let app: TestApp;
  let superAdmin: UserFixture;
  let admin: UserFixture;
  let host: HostFixture;
  let otherHost: HostFixture;
  let proId: string;

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  const configure = (extra: Record<string, unknown> = {}) =>
    call(superAdmin.token, 'POST', '/api/paypal/configure', {
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      environment: 'sandbox',
      webhook_id: fake.webhookId,
      api_base_url: fake.origin,
      ...extra,
    });

  beforeAll(async () => {
    fake = await startFakePaypal();
    app = await makeTestApp({ integrationAllowedOrigins: [fake.origin], publicOrigin: 'https://staykeep.test' });
    superAdmin = createUser(app, 'super_admin');
    admin = createUser(app, 'admin');
    host = createHost(app);
    otherHost = createHost(app);
  });
  afterAll(async () => {
    await app.cleanup();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  describe('before configuration', () => {
    it('answers "PayPal not configured" to every action', async () => {
      expect((await call(superAdmin.token, 'GET', '/api/paypal/config')).json()).toEqual({ config: null });
      const sync = await call(superAdmin.token, 'POST', '/api/paypal/plans/sync');
      expect(sync.statusCode).toBe(400);
      expect(sync.json()).toEqual({ error: 'PayPal not configured' });
      const sub = await call(host.token, 'POST', '/api/paypal/subscriptions', { tierId: 'x', billingCycle: 'monthly' });
      expect(sub.json()).toEqual({ error: 'PayPal not configured' });
    });
  });

  describe('configure', () => {
    it('is for super admins only, and needs a session', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/paypal/configure', payload: {} })).statusCode).toBe(401);
      expect((await call(admin.token, 'POST', '/api/paypal/configure', {})).statusCode).toBe(403);
      expect((await call(host.token, 'GET', '/api/paypal/config')).statusCode).toBe(403);
    });

    it('names the bad field', async () => {
      const res = await configure({ environment: 'prod' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Invalid value for environment/);
      const http = await configure({ api_base_url: 'http://127.0.0.2:9' });
      expect(http.statusCode).toBe(400);
      expect(http.json().error).toMatch(/^Invalid value for api_base_url: Only https PayPal base URLs may be fetched/);
      const priv = await configure({ api_base_url: 'https://10.0.0.1' });
      expect(priv.json().error).toMatch(/^Invalid value for api_base_url: The PayPal base URL points to a private/);
    });

    it('refuses credentials PayPal refuses, storing nothing', async () => {
      const res = await configure({ client_secret: 'wrong' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Failed to configure PayPal integration: Failed to get access token: Unauthorized' });
      expect(app.db.select().from(paypalConfig).all()).toHaveLength(0);
    });

    it('saves them after getting a token, the secret encrypted and never answered', async () => {
      const res = await configure();
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toBe('PayPal integration configured successfully');
      expect(body.config).toMatchObject({ client_id: fake.clientId, client_secret_set: true, environment: 'sandbox', webhook_id: fake.webhookId, api_base_url: fake.origin });
      expect(res.body).not.toContain(fake.clientSecret);
      expect(fake.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
      const rows = app.db.select().from(paypalConfig).all();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.client_secret).toMatch(/^v1:/);
      expect(rows[0]!.client_secret).not.toContain(fake.clientSecret);
      const read = await call(admin.token, 'GET', '/api/paypal/config');
      expect(read.json().config.client_secret_set).toBe(true);
      expect(read.body).not.toContain(fake.clientSecret);
      // The table API's read redacts it too.
      const page = await call(superAdmin.token, 'POST', `/api/table/${TABLE_IDS.paypal_config}/page`, { PageNo: 1, PageSize: 1 });
      expect(page.body).not.toContain(rows[0]!.client_secret!);
    });

    it('keeps the stored secret when none is given, and still checks it', async () => {
      const res = await configure({ client_secret: undefined, webhook_id: fake.webhookId });
      expect(res.statusCode, res.body).toBe(200);
      expect(app.db.select().from(paypalConfig).all()).toHaveLength(1);
    });
  });

  describe('plans', () => {
    it('says "No subscription tiers found" without an active tier', async () => {
      const res = await call(superAdmin.token, 'POST', '/api/paypal/plans/sync');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'No subscription tiers found' });
    });

    it('makes the product once and a monthly and yearly plan per active tier', async () => {
      proId = String(insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'Pro', monthly_price: 49.99, yearly_price: 499.99, commission_rate: 12, sort_order: 2 }).id);
      insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'Basic', monthly_price: 29.99, yearly_price: 299.99, commission_rate: 15, sort_order: 1 });
      insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'Old', monthly_price: 9, yearly_price: 90, is_active: false, sort_order: 3 });
      expect((await call(admin.token, 'POST', '/api/paypal/plans/sync')).statusCode).toBe(403);
      const res = await call(superAdmin.token, 'POST', '/api/paypal/plans/sync');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<PlanSyncReply>();
      expect(body).toMatchObject({ message: 'Subscription plans synced to PayPal successfully', created: 4, unchanged: 0, retired: 0 });
      const product = fake.requests.filter((r) => r.path === '/v1/catalogs/products');
      expect(product).toHaveLength(1);
      expect(product[0]!.body).toMatchObject({ type: 'SERVICE', category: 'SOFTWARE' });
      const plans = fake.requests.filter((r) => r.path === '/v1/billing/plans').map((r) => r.body as { name: string; billing_cycles: Array<{ frequency: unknown; total_cycles: number; pricing_scheme: unknown }>; payment_preferences: unknown });
      expect(plans.map((p) => p.name).sort()).toEqual(['Basic Monthly', 'Basic Yearly', 'Pro Monthly', 'Pro Yearly']);
      const yearly = plans.find((p) => p.name === 'Pro Yearly')!;
      expect(yearly.billing_cycles[0]).toMatchObject({ frequency: { interval_unit: 'YEAR', interval_count: 1 }, total_cycles: 0, pricing_scheme: { fixed_price: { value: '499.99', currency_code: 'USD' } } });
      expect(yearly.payment_preferences).toEqual({ auto_bill_outstanding: true, setup_fee_failure_action: 'CONTINUE', payment_failure_threshold: 3 });
      const mappings = app.db.select().from(paypalPlans).all();
      expect(mappings).toHaveLength(4);
      expect(new Set(mappings.map((m) => m.paypal_product_id)).size).toBe(1);
      expect(app.db.select().from(paypalPlanSync).all().every((s) => s.sync_status === 'synced')).toBe(true);
      expect(body.plans.filter((p) => p.tier_name === 'Pro').map((p) => p.amount)).toEqual([49.99, 499.99]);
    });

    it('creates nothing on a rerun with unchanged prices', async () => {
      const res = await call(superAdmin.token, 'POST', '/api/paypal/plans/sync');
      expect(res.json()).toMatchObject({ created: 0, unchanged: 4, retired: 0 });
      expect(fake.requests.filter((r) => r.method === 'POST' && r.path !== '/v1/oauth2/token')).toHaveLength(0);
      expect(app.db.select().from(paypalPlans).all()).toHaveLength(4);
    });

    it('makes a new plan for a changed price and retires the old mapping', async () => {
      const before = app.db.select().from(paypalPlans).where(and(eq(paypalPlans.tier_id, proId), eq(paypalPlans.billing_cycle, 'monthly'))).get()!;
      app.db.$client.prepare('UPDATE subscription_tiers SET monthly_price = 5999 WHERE id = ?').run(proId);
      const res = await call(superAdmin.token, 'POST', '/api/paypal/plans/sync');
      expect(res.json()).toMatchObject({ created: 1, unchanged: 3, retired: 1 });
      const rows = app.db.select().from(paypalPlans).where(and(eq(paypalPlans.tier_id, proId), eq(paypalPlans.billing_cycle, 'monthly'))).all();
      expect(rows.find((r) => r.id === before.id)?.is_active).toBe(false);
      const current = rows.find((r) => r.is_active)!;
      expect(current.amount).toBe(59.99);
      expect(current.paypal_plan_id).not.toBe(before.paypal_plan_id);
      const status = await call(admin.token, 'GET', '/api/paypal/plans');
      expect(status.json().plans.find((p: { tier_id: string; billing_cycle: string }) => p.tier_id === proId && p.billing_cycle === 'monthly').paypal_plan_id).toBe(current.paypal_plan_id);
    });

    it('answers "Failed to sync plans to PayPal" with PayPal\'s error, and marks the plan failed', async () => {
      app.db.$client.prepare('UPDATE subscription_tiers SET yearly_price = 59900 WHERE id = ?').run(proId);
      fake.failNext(1, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'boom' });
      const res = await call(superAdmin.token, 'POST', '/api/paypal/plans/sync');
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe('Failed to sync plans to PayPal: PayPal API Error: 500 - {"name":"INTERNAL_SERVER_ERROR","message":"boom"}');
      const sync = app.db.select().from(paypalPlanSync).where(and(eq(paypalPlanSync.tier_id, proId), eq(paypalPlanSync.billing_cycle, 'yearly'))).get()!;
      expect(sync.sync_status).toBe('failed');
      expect((await call(superAdmin.token, 'POST', '/api/paypal/plans/sync')).json()).toMatchObject({ created: 1, retired: 1 });
    });
  });

  describe('subscriptions', () => {
    let subscriptionId: string;

    it('checks the body and the tier', async () => {
      expect((await call(host.token, 'POST', '/api/paypal/subscriptions', { tierId: proId, billingCycle: 'weekly' })).json().error).toMatch(/^Invalid value for billingCycle/);
      expect((await call(host.token, 'POST', '/api/paypal/subscriptions', { tierId: 'nope', billingCycle: 'monthly' })).json().error).toMatch(/^Invalid value for tierId/);
      expect((await call(superAdmin.token, 'POST', '/api/paypal/subscriptions', { tierId: proId, billingCycle: 'monthly' })).statusCode).toBe(403);
    });

    it('creates the PayPal subscription and answers the approve link; the local record exists at once', async () => {
      const before = Date.now();
      const res = await call(host.token, 'POST', '/api/paypal/subscriptions', { tierId: proId, billingCycle: 'monthly' });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<SubscribeReply>();
      subscriptionId = body.subscriptionId;
      expect(body.approveUrl).toBe(`${fake.origin}/webapps/billing/subscriptions?ba_token=BA-${subscriptionId}`);
      const sent = fake.requests.find((r) => r.path === '/v1/billing/subscriptions')!.body as { plan_id: string; start_time: string; subscriber: unknown; application_context: Record<string, unknown> };
      const plan = app.db.select().from(paypalPlans).where(and(eq(paypalPlans.tier_id, proId), eq(paypalPlans.billing_cycle, 'monthly'), eq(paypalPlans.is_active, true))).get()!;
      expect(sent.plan_id).toBe(plan.paypal_plan_id);
      expect(sent.subscriber).toEqual({ email_address: host.email });
      expect(sent.application_context).toMatchObject({ brand_name: 'Staykeep', return_url: 'https://staykeep.test/host/subscription', cancel_url: 'https://staykeep.test/subscription/cancelled' });
      const start = Date.parse(sent.start_time);
      expect(start - before).toBeGreaterThanOrEqual(59_000);
      expect(start - Date.now()).toBeLessThanOrEqual(61_000);
      const row = app.db.select().from(paypalSubscriptions).where(eq(paypalSubscriptions.paypal_subscription_id, subscriptionId)).get()!;
      expect(row).toMatchObject({ user_id: host.userId, tier_id: proId, billing_cycle: 'monthly', plan_name: 'Pro Monthly', subscription_status: 'APPROVAL_PENDING' });
      const mine = (await call(host.token, 'GET', '/api/paypal/subscription')).json<MySubscriptionReply>();
      expect(mine.configured).toBe(true);
      expect(mine.subscription?.paypal_subscription_id).toBe(subscriptionId);
      expect(mine.offered.some((o) => o.tier_id === proId && o.billing_cycle === 'yearly')).toBe(true);
    });

    it("lets no other host touch it (404), and admins only through the super admin's actions", async () => {
      expect((await call(otherHost.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/cancel`)).statusCode).toBe(404);
      expect((await call(host.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/suspend`)).statusCode).toBe(403);
      expect((await call(admin.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/suspend`)).statusCode).toBe(403);
    });

    it('follows suspend, activate, revise and cancel; the host follows the subscription', async () => {
      // The payer approves (the fake's approval page); the webhook path is tested in paypal-webhook.test.ts.
      fake.subscriptions.get(subscriptionId)!.status = 'ACTIVE';
      app.db.$client.prepare("UPDATE paypal_subscriptions SET subscription_status = 'ACTIVE' WHERE paypal_subscription_id = ?").run(subscriptionId);
      const conflict = await call(host.token, 'POST', '/api/paypal/subscriptions', { tierId: proId, billingCycle: 'yearly' });
      expect(conflict.statusCode).toBe(409);

      const suspended = await call(superAdmin.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/suspend`, { reason: 'Chargeback' });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(fake.subscriptions.get(subscriptionId)!.status).toBe('SUSPENDED');
      expect(fake.requests.find((r) => r.path.endsWith('/suspend'))!.body).toEqual({ reason: 'Chargeback' });
      let profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()!;
      expect(profile.subscription_status).toBe('suspended');
      expect(profile.subscription_tier).toBe('Basic');

      const again = await call(superAdmin.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/suspend`);
      expect(again.statusCode, again.body).toBe(409);
      expect((await call(superAdmin.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/activate`)).statusCode).toBe(200);
      profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()!;
      expect(profile).toMatchObject({ subscription_status: 'active', subscription_tier: 'Pro', commission_rate: 12 });

      const revised = await call(superAdmin.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/revise`, { tierId: proId, billingCycle: 'yearly' });
      expect(revised.statusCode, revised.body).toBe(200);
      expect(revised.json()).toMatchObject({ billing_cycle: 'yearly', plan_name: 'Pro Yearly' });
      expect(fake.subscriptions.get(subscriptionId)!.plan_id).toBe(
        app.db.select().from(paypalPlans).where(and(eq(paypalPlans.tier_id, proId), eq(paypalPlans.billing_cycle, 'yearly'), eq(paypalPlans.is_active, true))).get()!.paypal_plan_id,
      );

      const cancelled = await call(host.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().subscription_status).toBe('CANCELLED');
      expect(fake.subscriptions.get(subscriptionId)!.status).toBe('CANCELLED');
      profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()!;
      expect(profile.subscription_status).toBe('cancelled');
      expect((await call(host.token, 'POST', `/api/paypal/subscriptions/${subscriptionId}/cancel`)).statusCode).toBe(409);
    });

    it('lists every subscription with its subscriber for admins', async () => {
      expect((await call(host.token, 'GET', '/api/paypal/subscriptions')).statusCode).toBe(403);
      const res = await call(admin.token, 'GET', '/api/paypal/subscriptions');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<{ rows: Array<{ paypal_subscription_id: string; user_email: string; subscription_status: string }> }>().rows;
      expect(rows.find((r) => r.paypal_subscription_id === subscriptionId)).toMatchObject({ user_email: host.email, subscription_status: 'CANCELLED' });
    });

    it("relays PayPal's refusal", async () => {
      const res = await call(otherHost.token, 'POST', '/api/paypal/subscriptions', { tierId: proId, billingCycle: 'monthly' });
      const id = res.json<SubscribeReply>().subscriptionId;
      app.db.$client.prepare("UPDATE paypal_subscriptions SET subscription_status = 'ACTIVE' WHERE paypal_subscription_id = ?").run(id);
      const cancel = await call(otherHost.token, 'POST', `/api/paypal/subscriptions/${id}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(502);
      expect(cancel.json().error).toMatch(/^PayPal API Error: 422 - .*SUBSCRIPTION_STATUS_INVALID/);
      expect(app.db.select().from(paypalSubscriptions).where(eq(paypalSubscriptions.paypal_subscription_id, id)).get()!.subscription_status).toBe('ACTIVE');
    });
  });
});
