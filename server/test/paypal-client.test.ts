/**
 * The PayPal client against the fake PayPal over real HTTP: hosts per environment, the
 * client-credentials token (basic auth) and its cache, a fresh PayPal-Request-Id per request, and
 * the error texts of spec §8.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaypalClient, TOKEN_MARGIN_MS, TokenCache, paypalBaseUrl } from '../src/integrations/paypal/client';
import { startFakePaypal, type FakePaypal } from '../src/integrations/paypal/fake/server';

describe('PayPal client', () => {
  let fake: FakePaypal;
  beforeAll(async () => {
    fake = await startFakePaypal();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const settings = () => ({ clientId: fake.clientId, clientSecret: fake.clientSecret, environment: 'sandbox' as const, apiBaseUrl: fake.origin });

  it('picks the host by environment unless api_base_url replaces it', () => {
    expect(paypalBaseUrl({ environment: 'sandbox' })).toBe('https://api-m.sandbox.paypal.com');
    expect(paypalBaseUrl({ environment: 'live' })).toBe('https://api-m.paypal.com');
    expect(paypalBaseUrl({ environment: 'live', apiBaseUrl: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9');
  });

  it('gets a token with basic auth, caches it until shortly before expiry, and sends a unique request id each time', async () => {
    let now = 1_000_000;
    const cache = new TokenCache();
    const client = new PaypalClient(settings(), { cache, now: () => now });
    await client.createProduct({ name: 'Staykeep', description: 'd', homeUrl: 'https://example.com' });
    await client.createProduct({ name: 'Staykeep 2', description: 'd', homeUrl: 'https://example.com' });
    const tokenCalls = () => fake.requests.filter((r) => r.path === '/v1/oauth2/token');
    expect(tokenCalls()).toHaveLength(1);
    const first = tokenCalls()[0]!;
    expect(first.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
    expect(first.body).toBe('grant_type=client_credentials');
    const ids = fake.requests.map((r) => r.headers['paypal-request-id']);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    // Still cached just before the margin; renewed once inside it.
    now += fake.tokenLifetime * 1000 - TOKEN_MARGIN_MS - 1;
    await client.createProduct({ name: 'x', description: 'd', homeUrl: 'https://example.com' });
    expect(tokenCalls()).toHaveLength(1);
    now += 2;
    await client.createProduct({ name: 'y', description: 'd', homeUrl: 'https://example.com' });
    expect(tokenCalls()).toHaveLength(2);
  });

  it('reports a refused token as "Failed to get access token: {statusText}"', async () => {
    const client = new PaypalClient({ ...settings(), clientSecret: 'wrong' });
    await expect(client.accessToken()).rejects.toThrow('Failed to get access token: Unauthorized');
  });

  it('reports an API failure as "PayPal API Error: {status} - {body}"', async () => {
    const client = new PaypalClient(settings());
    await expect(client.getSubscription('I-NOPE')).rejects.toThrow(/^PayPal API Error: 404 - \{"name":"RESOURCE_NOT_FOUND"/);
  });

  it('creates plans with the spec §9 billing settings and reads a subscription', async () => {
    const client = new PaypalClient(settings());
    const product = await client.createProduct({ name: 'Staykeep', description: 'd', homeUrl: 'https://example.com' });
    const plan = await client.createPlan({ productId: product.id, name: 'Pro monthly', description: 'd', interval: 'MONTH', price: '49.99', currency: 'USD' });
    const sub = await client.createSubscription({ planId: plan.id, startTime: new Date(Date.now() + 60_000).toISOString(), email: 'h@example.com', returnUrl: 'http://x/r', cancelUrl: 'http://x/c' });
    expect(sub.status).toBe('APPROVAL_PENDING');
    expect(sub.links?.find((l) => l.rel === 'approve')?.href).toContain(fake.origin);
    expect((await client.getSubscription(sub.id)).plan_id).toBe(plan.id);
    const sent = fake.requests.find((r) => r.path === '/v1/billing/plans')!.body as Record<string, unknown>;
    expect(sent.payment_preferences).toEqual({ auto_bill_outstanding: true, setup_fee_failure_action: 'CONTINUE', payment_failure_threshold: 3 });
    expect(sent.billing_cycles).toEqual([
      { frequency: { interval_unit: 'MONTH', interval_count: 1 }, tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, pricing_scheme: { fixed_price: { value: '49.99', currency_code: 'USD' } } },
    ]);
  });
});
