/**
 * POST /api/paypal/webhook: deliveries signed as PayPal signs them (the fake's test key, its
 * self-signed certificate served by the fake) are stored and processed once, in any order; every
 * forgery the issue lists is refused with 400, a log line, and nothing stored or changed.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { hostProfiles, paypalPayments, paypalSubscriptions, paypalWebhookEvents } from '../../shared/schema/tables';
import type { MySubscriptionReply, SubscribeReply } from '../../shared/api/paypal';
import { CERT_PATH, signDelivery, startFakePaypal, type FakePaypal, type WebhookEvent } from '../src/integrations/paypal/fake/server';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createUser, insertFixture, type HostFixture, type UserFixture } from './fixtures';

let captured = '';
const sink = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    captured += chunk.toString();
    done();
  },
});

describe('PayPal webhook', () => {
  let fake: FakePaypal;
  let app: TestApp;
  let base: string;
  let superAdmin: UserFixture;
  let host: HostFixture;
  let tierId: string;

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  const post = (body: string, headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/paypal/webhook', headers, payload: body });

  const signed = (event: WebhookEvent | Record<string, unknown>, opts: Partial<Parameters<typeof signDelivery>[0]> = {}) => {
    const body = JSON.stringify(event);
    return { body, headers: signDelivery({ body, webhookId: fake.webhookId, certUrl: fake.certUrl, ...opts }) };
  };

  const deliver = async (event: WebhookEvent) => {
    const { body, headers } = signed(event);
    return post(body, headers);
  };

  const eventCount = () => app.db.select().from(paypalWebhookEvents).all().length;
  const subOf = (id: string) => app.db.select().from(paypalSubscriptions).where(eq(paypalSubscriptions.paypal_subscription_id, id)).get()!;

  const newSubscription = async (who: HostFixture = host): Promise<string> => {
    const res = await call(who.token, 'POST', '/api/paypal/subscriptions', { tierId, billingCycle: 'monthly' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SubscribeReply>().subscriptionId;
  };

  beforeAll(async () => {
    fake = await startFakePaypal();
    app = await makeTestApp({ integrationAllowedOrigins: [fake.origin], logger: true, logStream: sink });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    fake.webhookTarget = `${base}/api/paypal/webhook`;
    superAdmin = createUser(app, 'super_admin');
    host = createHost(app);
    insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'basic', monthly_price: 29.99, yearly_price: 299.99, commission_rate: 15, sort_order: 1 });
    tierId = String(insertFixture(app, TABLE_IDS.subscription_tiers, { tier_name: 'Pro', monthly_price: 49.99, yearly_price: 499.99, commission_rate: 12, sort_order: 2 }).id);
    const configured = await call(superAdmin.token, 'POST', '/api/paypal/configure', {
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      environment: 'live',
      webhook_id: fake.webhookId,
      api_base_url: fake.origin,
    });
    expect(configured.statusCode, configured.body).toBe(200);
    expect((await call(superAdmin.token, 'POST', '/api/paypal/plans/sync')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.cleanup();
    await fake.close();
  });

  it('activates a subscription when the payer approves it (the fake delivers over real HTTP)', async () => {
    const id = await newSubscription();
    expect(subOf(id).subscription_status).toBe('APPROVAL_PENDING');
    const approve = await fetch(`${fake.origin}/webapps/billing/subscriptions?ba_token=BA-${id}`, { redirect: 'manual' });
    expect(approve.status).toBe(302);
    expect(approve.headers.get('location')).toContain('/host/subscription?subscription_id=');
    const row = subOf(id);
    expect(row.subscription_status).toBe('ACTIVE');
    expect(row.start_time).toBeTruthy();
    const profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get()!;
    expect(profile).toMatchObject({ subscription_tier: 'Pro', subscription_status: 'active', commission_rate: 12 });
    const stored = app.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.resource_id, id)).get()!;
    expect(stored).toMatchObject({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', processing_status: 'processed', resource_type: 'subscription' });
    expect(stored.processed_at).toBeTruthy();
  });

  it('records a completed sale once, however often it is delivered, and the host sees it', async () => {
    const id = subOf((await call(host.token, 'GET', '/api/paypal/subscription')).json<MySubscriptionReply>().subscription!.paypal_subscription_id).paypal_subscription_id;
    const sale = fake.completeSale(id, '49.99', 'USD');
    const first = await deliver(sale);
    expect(first.json()).toEqual({ status: 'processed' });
    const again = await deliver(sale);
    expect(again.json()).toEqual({ status: 'duplicate' });
    const payments = app.db.select().from(paypalPayments).where(eq(paypalPayments.paypal_subscription_id, id)).all();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ paypal_payment_id: sale.resource.id, amount: 49.99, currency_code: 'USD', payment_status: 'COMPLETED', transaction_id: sale.resource.id, webhook_event_id: sale.id });
    expect(app.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.event_id, sale.id)).all()).toHaveLength(1);
    const mine = (await call(host.token, 'GET', '/api/paypal/subscription')).json<MySubscriptionReply>();
    expect(mine.payments.map((p) => p.transaction_id)).toEqual([sale.resource.id]);
    expect(Date.parse(mine.nextBillingDate!)).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
  });

  it('takes events in any order: an older ACTIVATED after a newer SUSPENDED or CANCELLED changes nothing', async () => {
    const other = createHost(app);
    const id = await newSubscription(other);
    fake.subscriptions.get(id)!.status = 'ACTIVE';
    const activated = fake.subscriptionEvent(id, 'ACTIVATED');
    activated.resource.status_update_time = '2026-01-01T10:00:00Z';
    const suspended = fake.subscriptionEvent(id, 'SUSPENDED');
    suspended.resource.status_update_time = '2026-01-01T11:00:00Z';
    expect((await deliver(suspended)).json()).toEqual({ status: 'processed' });
    expect(subOf(id).subscription_status).toBe('SUSPENDED');
    expect((await deliver(activated)).json()).toEqual({ status: 'processed' });
    expect(subOf(id).subscription_status).toBe('SUSPENDED');
    const cancelled = fake.subscriptionEvent(id, 'CANCELLED');
    cancelled.resource.status_update_time = '2026-01-01T12:00:00Z';
    await deliver(cancelled);
    const lateActivation = fake.subscriptionEvent(id, 'ACTIVATED');
    lateActivation.resource.status_update_time = '2026-01-02T12:00:00Z';
    await deliver(lateActivation);
    expect(subOf(id).subscription_status).toBe('CANCELLED');
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.id, other.hostProfileId)).get()!.subscription_status).toBe('cancelled');
  });

  it('cancels at PayPal a subscription approved after the host cancelled it while it awaited approval', async () => {
    const late = createHost(app);
    const id = await newSubscription(late);
    const cancelled = await call(late.token, 'POST', `/api/paypal/subscriptions/${id}/cancel`);
    expect(cancelled.json().subscription_status).toBe('CANCELLED');
    expect(fake.subscriptions.get(id)!.status).toBe('APPROVAL_PENDING');
    // The payer still had PayPal's page open and approves: the fake activates and notifies us.
    const approve = await fetch(`${fake.origin}/webapps/billing/subscriptions?ba_token=BA-${id}`, { redirect: 'manual' });
    expect(approve.status).toBe(302);
    expect(subOf(id).subscription_status).toBe('CANCELLED');
    expect(fake.subscriptions.get(id)!.status).toBe('CANCELLED');
    expect(fake.requests.find((r) => r.path === `/v1/billing/subscriptions/${id}/cancel`)?.body).toEqual({ reason: 'Cancelled by the subscriber before approval' });
    expect(app.db.select().from(hostProfiles).where(eq(hostProfiles.id, late.hostProfileId)).get()!.subscription_tier).not.toBe('Pro');
  });

  it('changes nothing for a subscription we do not know, and only logs other event types', async () => {
    const event: WebhookEvent = { id: 'WH-UNKNOWN-1', event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'subscription', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', summary: '', resource: { id: 'I-NOT-OURS' } };
    expect((await deliver(event)).json()).toEqual({ status: 'processed' });
    expect(app.db.select().from(paypalSubscriptions).where(eq(paypalSubscriptions.paypal_subscription_id, 'I-NOT-OURS')).all()).toHaveLength(0);
    const other = { ...event, id: 'WH-OTHER-1', event_type: 'CUSTOMER.DISPUTE.CREATED', resource: { id: 'PP-D-1' } };
    expect((await deliver(other)).json()).toEqual({ status: 'processed' });
    expect(app.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.event_id, 'WH-OTHER-1')).get()!.processing_status).toBe('processed');
  });

  it('stores a verified event it cannot apply as an error with the message', async () => {
    const bad = { id: 'WH-BAD-SALE', event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'sale', event_type: 'PAYMENT.SALE.COMPLETED', summary: '', resource: { id: 'SALE-X', amount: {} } };
    expect((await deliver(bad as WebhookEvent)).json()).toEqual({ status: 'error' });
    expect(app.db.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.event_id, 'WH-BAD-SALE')).get()).toMatchObject({ processing_status: 'error', error_message: 'the sale has no amount.total' });
  });

  describe('refuses, with nothing changed but a log line', () => {
    let target: string;
    let sale: WebhookEvent;
    beforeAll(async () => {
      target = await newSubscription(createHost(app));
      // A body whose CRC32 has its top bit set, so that the signed and unsigned readings differ.
      do sale = fake.completeSale(target, '49.99');
      while (zlib.crc32(Buffer.from(JSON.stringify(sale))) < 2 ** 31);
    });

    const refused = async (body: string, headers: Record<string, string>, why: RegExp) => {
      const events = eventCount();
      const logBefore = captured.length;
      const res = await post(body, headers);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: 'Webhook signature verification failed' });
      expect(eventCount()).toBe(events);
      expect(app.db.select().from(paypalPayments).where(eq(paypalPayments.paypal_subscription_id, target)).all()).toHaveLength(0);
      expect(subOf(target).subscription_status).toBe('APPROVAL_PENDING');
      const logged = captured.slice(logBefore);
      expect(logged).toContain('PayPal webhook refused');
      expect(logged).toMatch(why);
    };

    it('a signature made with another key', async () => {
      const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      const { body, headers } = signed(sale, { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
      await refused(body, headers, /signature does not match/);
    });

    it('an altered body', async () => {
      const { headers } = signed(sale);
      const altered = JSON.stringify({ ...sale, resource: { ...sale.resource, amount: { total: '0.01', currency: 'USD' } } });
      await refused(altered, headers, /signature does not match/);
    });

    it('a CRC written as a signed integer or in hex', async () => {
      const crc = zlib.crc32(Buffer.from(JSON.stringify(sale)));
      await refused(signed(sale, { crc: String(crc | 0) }).body, signed(sale, { crc: String(crc | 0) }).headers, /signature does not match/);
      const hex = signed(sale, { crc: crc.toString(16) });
      await refused(hex.body, hex.headers, /signature does not match/);
    });

    it('the event id used in place of the webhook id', async () => {
      const { body, headers } = signed(sale, { webhookId: sale.id });
      await refused(body, headers, /signature does not match/);
    });

    it('an old transmission time, and one far ahead', async () => {
      const old = signed(sale, { transmissionTime: new Date(Date.now() - 10 * 60_000).toISOString() });
      await refused(old.body, old.headers, /transmission time too far from now/);
      const ahead = signed(sale, { transmissionTime: new Date(Date.now() + 10 * 60_000).toISOString() });
      await refused(ahead.body, ahead.headers, /transmission time too far from now/);
    });

    it('a certificate URL on another host', async () => {
      for (const certUrl of ['https://evil.example.com/cert.pem', 'https://paypal.com.evil.example/cert.pem', 'http://api.paypal.com/cert.pem', `${base}/api/health`]) {
        const { body, headers } = signed(sale, { certUrl });
        await refused(body, headers, /certificate URL not on PayPal/);
      }
    });

    it('another algorithm, or missing headers', async () => {
      const { body, headers } = signed(sale);
      await refused(body, { ...headers, 'paypal-auth-algo': 'SHA1withRSA' }, /unsupported algorithm/);
      const { 'paypal-transmission-sig': _sig, ...unsigned } = headers;
      await refused(body, unsigned, /missing PayPal transmission headers/);
    });

    it('and then accepts the genuine delivery', async () => {
      const { body, headers } = signed(sale);
      const res = await post(body, headers);
      expect(res.json()).toEqual({ status: 'processed' });
      expect(app.db.select().from(paypalPayments).where(eq(paypalPayments.paypal_subscription_id, target)).all()).toHaveLength(1);
      // The certificate was downloaded once for every delivery of this file (cached).
      expect(fake.requests.filter((r) => r.path === CERT_PATH)).toHaveLength(1);
    });
  });
});
