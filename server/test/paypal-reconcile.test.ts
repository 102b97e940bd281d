/**
 * The daily PayPal reconciliation (job paypal-reconcile) against the fake PayPal: a payment and an
 * activation whose webhooks never arrived are recorded, a second run fixes nothing, and the late
 * webhook of the same sale does not record it twice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { hostProfiles, paypalPayments, paypalSubscriptions } from '../../shared/schema/tables';
import type { SubscribeReply } from '../../shared/api/paypal';
import { signDelivery, startFakePaypal, type FakePaypal } from '../src/integrations/paypal/fake/server';
import type { ReconcileSummary } from '../src/modules/paypal/reconcile';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createUser, insertFixture, type HostFixture, type UserFixture } from './fixtures';

describe('PayPal reconciliation', () => {
  let fake: FakePaypal;
  let app: TestApp;
  let superAdmin: UserFixture;
  let host: HostFixture;

  const call = (token: string, url: string, payload?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const reconcile = async (): Promise<ReconcileSummary> => {
    const res = await call(superAdmin.token, '/api/admin/jobs/paypal-reconcile/run');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: ReconcileSummary }>().result;
  };

  beforeAll(async () => {
    fake = await startFakePaypal();
    app = await makeTestApp({ integrationAllowedOrigins: [fake.origin] });
    superAdmin = createUser(app, 'super_admin');
    host = createHost(app);
  });
  afterAll(async () => {
    await app.cleanup();
    await fake.close();
  });

  it('does nothing until PayPal is configured', async () => {
    expect(await reconcile()).toEqual({ configured: false, paymentsRecorded: [], statusesFixed: [], errors: [] });
  });

  it('records what the lost webhooks would have, once', async () => {
    insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'basic', monthly_price: 29.99, yearly_price: 299.99, commission_rate: 15, sort_order: 1 });
    const tierId = String(insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'Pro', monthly_price: 49.99, yearly_price: 499.99, commission_rate: 12, sort_order: 2 }).id);
    const configured = await call(superAdmin.token, '/api/paypal/configure', { client_id: fake.clientId, client_secret: fake.clientSecret, environment: 'sandbox', webhook_id: fake.webhookId, api_base_url: fake.origin });
    expect(configured.statusCode, configured.body).toBe(200);
    expect((await call(superAdmin.token, '/api/paypal/plans/sync')).statusCode).toBe(200);
    const id = (await call(host.token, '/api/paypal/subscriptions', { tierId, billingCycle: 'monthly' })).json<SubscribeReply>().subscriptionId;

    // The payer approved and was charged, but no webhook reached us.
    fake.subscriptions.get(id)!.status = 'ACTIVE';
    const sale = fake.completeSale(id, '49.99');
    fake.requests.length = 0;
    const first = await reconcile();
    expect(first).toEqual({ configured: true, paymentsRecorded: [sale.resource.id], statusesFixed: [{ subscription: id, from: 'APPROVAL_PENDING', to: 'ACTIVE' }], errors: [] });
    const search = fake.requests.find((r) => r.path === '/v1/reporting/transactions')!;
    expect(Date.parse(search.query.get('end_date')!) - Date.parse(search.query.get('start_date')!)).toBeLessThanOrEqual(31 * 24 * 3600_000);
    const payment = app.db.select().from(paypalPayments).where(eq(paypalPayments.paypal_payment_id, String(sale.resource.id))).get()!;
    expect(payment).toMatchObject({ paypal_subscription_id: id, amount: 49.99, currency_code: 'USD', payment_status: 'COMPLETED' });
    expect(app.db.select().from(paypalSubscriptions).where(eq(paypalSubscriptions.paypal_subscription_id, id)).get()!.subscription_status).toBe('ACTIVE');
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()!.subscription_tier).toBe('Pro');

    expect(await reconcile()).toEqual({ configured: true, paymentsRecorded: [], statusesFixed: [], errors: [] });

    // The sale's webhook arrives after all: stored, but the payment is not recorded twice.
    const body = JSON.stringify(sale);
    const late = await app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: signDelivery({ body, webhookId: fake.webhookId, certUrl: fake.certUrl }), payload: body });
    expect(late.json()).toEqual({ status: 'processed' });
    expect(app.db.select().from(paypalPayments).where(eq(paypalPayments.paypal_subscription_id, id)).all()).toHaveLength(1);

    // PayPal cancelled it (the payer did, on PayPal's site) and the webhook was lost too.
    fake.subscriptions.get(id)!.status = 'CANCELLED';
    expect((await reconcile()).statusesFixed).toEqual([{ subscription: id, from: 'ACTIVE', to: 'CANCELLED' }]);
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()!).toMatchObject({ subscription_status: 'cancelled', subscription_tier: 'basic' });
  });
});
