/**
 * A stand-in for PayPal's REST API over real HTTP on 127.0.0.1, written from PayPal's public
 * documentation (Authentication, Catalog Products v1, Subscriptions v1, Transaction Search v1,
 * Webhooks): the client-credentials token, products, plans, subscriptions and their
 * cancel/suspend/activate/revise actions, transaction reporting, an approval page, and the
 * certificate URL that webhook deliveries name. It keeps its state in memory and records every
 * request, so tests check what was sent (bodies, PayPal-Request-Id, auth). Webhook deliveries are
 * signed as PayPal signs them (CRC32 of the body, SHA256withRSA) with a fixed test key whose
 * self-signed certificate the fake serves.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** The test signing key and its self-signed certificate (made once with openssl; tests only). */
export const TEST_SIGNING_KEY = fs.readFileSync(path.join(FIXTURES, 'test-signing-key.pem'), 'utf8');
export const TEST_SIGNING_CERT = fs.readFileSync(path.join(FIXTURES, 'test-signing-cert.pem'), 'utf8');
export const CERT_PATH = '/v1/notifications/certs/CERT-360caa42-fca2a594-staykeep-fake';

export type RecordedRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: unknown };

type Plan = { id: string; product_id: string; name: string; description: string; status: string; billing_cycles: unknown; payment_preferences: unknown; create_time: string };
type Subscription = {
  id: string;
  plan_id: string;
  status: string;
  start_time: string;
  create_time: string;
  status_update_time: string;
  subscriber: { email_address?: string };
  application_context: { return_url?: string; cancel_url?: string; brand_name?: string };
  next_billing_time?: string;
};
type Transaction = { transaction_id: string; subscription_id: string; amount: string; currency: string; time: string };

export type WebhookEvent = {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
};

export type FakePaypal = {
  origin: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  certUrl: string;
  requests: RecordedRequest[];
  products: Map<string, { id: string; name: string }>;
  plans: Map<string, Plan>;
  subscriptions: Map<string, Subscription>;
  transactions: Transaction[];
  /** Where the approval page delivers its signed BILLING.SUBSCRIPTION.ACTIVATED (the app's webhook URL). */
  webhookTarget: string | null;
  /** Tokens are issued with this lifetime in seconds (PayPal: about 9 hours). */
  tokenLifetime: number;
  /** Answer the next N API calls (not the token) with this status and body, then behave again. */
  failNext: (times: number, status: number, body: unknown) => void;
  subscriptionEvent: (id: string, type: 'ACTIVATED' | 'CANCELLED' | 'SUSPENDED') => WebhookEvent;
  /** Records a completed sale of a subscription (transaction search sees it) and answers its event. */
  completeSale: (subscriptionId: string, amount: string, currency?: string, time?: string) => WebhookEvent;
  /** Posts a signed delivery of `event` to `url`; answers the status. */
  deliver: (url: string, event: WebhookEvent) => Promise<{ status: number; body: string }>;
  close: () => Promise<void>;
};

function paypalId(prefix: string): string {
  return `${prefix}${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
}

function isoNoMs(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The headers PayPal sends with a webhook delivery, signed with `key` over the CRC32 message. */
export function signDelivery(input: {
  body: string;
  webhookId: string;
  certUrl: string;
  key?: string;
  transmissionId?: string;
  transmissionTime?: string;
  /** Replaces the CRC in the signed message (tests of a signed or hex CRC). */
  crc?: string;
}): Record<string, string> {
  const transmissionId = input.transmissionId ?? crypto.randomUUID();
  const transmissionTime = input.transmissionTime ?? isoNoMs(new Date());
  const crc = input.crc ?? String(zlib.crc32(Buffer.from(input.body, 'utf8')));
  const message = `${transmissionId}|${transmissionTime}|${input.webhookId}|${crc}`;
  const signature = crypto.sign('sha256', Buffer.from(message, 'utf8'), input.key ?? TEST_SIGNING_KEY).toString('base64');
  return {
    'content-type': 'application/json',
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': signature,
    'paypal-cert-url': input.certUrl,
    'paypal-auth-algo': 'SHA256withRSA',
  };
}

function error(res: http.ServerResponse, status: number, name: string, message: string, issue?: string): void {
  json(res, status, {
    name,
    message,
    debug_id: crypto.randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: message }] } : {}),
  });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'paypal-debug-id': crypto.randomBytes(6).toString('hex') });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function addInterval(from: Date, plan: Plan | undefined): string {
  const unit = (plan?.billing_cycles as Array<{ frequency?: { interval_unit?: string } }> | undefined)?.[0]?.frequency?.interval_unit;
  const next = new Date(from);
  if (unit === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return isoNoMs(next);
}

export async function startFakePaypal(options: { clientId?: string; clientSecret?: string; webhookId?: string; port?: number } = {}): Promise<FakePaypal> {
  const tokens = new Set<string>();
  let failures: { times: number; status: number; body: unknown } | null = null;
  let origin = '';

  const state: Omit<FakePaypal, 'origin' | 'certUrl' | 'close'> = {
    clientId: options.clientId ?? 'fake-client-id',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    webhookId: options.webhookId ?? 'WH-FAKE-0001',
    requests: [],
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    transactions: [],
    webhookTarget: null,
    tokenLifetime: 32400,
    failNext: (times, status, body) => {
      failures = { times, status, body };
    },
    subscriptionEvent: (id, type) => {
      const sub = state.subscriptions.get(id);
      if (!sub) throw new Error(`fake PayPal: no subscription ${id}`);
      return {
        id: paypalId('WH-'),
        event_version: '1.0',
        create_time: isoNoMs(new Date()),
        resource_type: 'subscription',
        event_type: `BILLING.SUBSCRIPTION.${type}`,
        summary: `Subscription ${type.toLowerCase()}`,
        resource: { ...sub, status: type === 'ACTIVATED' ? 'ACTIVE' : type, links: subscriptionLinks(sub.id) },
      };
    },
    completeSale: (subscriptionId, amount, currency = 'USD', time = isoNoMs(new Date())) => {
      const saleId = paypalId('SALE-');
      state.transactions.push({ transaction_id: saleId, subscription_id: subscriptionId, amount, currency, time });
      return {
        id: paypalId('WH-'),
        event_version: '1.0',
        create_time: time,
        resource_type: 'sale',
        event_type: 'PAYMENT.SALE.COMPLETED',
        summary: `Payment completed for $ ${amount} ${currency}`,
        resource: {
          id: saleId,
          state: 'completed',
          amount: { total: amount, currency, details: { subtotal: amount } },
          payment_mode: 'INSTANT_TRANSFER',
          billing_agreement_id: subscriptionId,
          create_time: time,
          update_time: time,
        },
      };
    },
    deliver: async (url, event) => {
      const body = JSON.stringify(event);
      const headers = signDelivery({ body, webhookId: state.webhookId, certUrl: `${origin}${CERT_PATH}` });
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, body: await res.text() };
    },
  };

  function subscriptionLinks(id: string) {
    return [
      { href: `${origin}/webapps/billing/subscriptions?ba_token=BA-${id}`, rel: 'approve', method: 'GET' },
      { href: `${origin}/v1/billing/subscriptions/${id}`, rel: 'edit', method: 'PATCH' },
      { href: `${origin}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
    ];
  }

  function subscriptionView(sub: Subscription) {
    const plan = state.plans.get(sub.plan_id);
    const last = [...state.transactions].reverse().find((t) => t.subscription_id === sub.id);
    return {
      ...sub,
      billing_info: {
        ...(sub.status === 'ACTIVE' ? { next_billing_time: sub.next_billing_time ?? addInterval(new Date(sub.start_time), plan) } : {}),
        ...(last ? { last_payment: { amount: { value: last.amount, currency_code: last.currency }, time: last.time } } : {}),
        failed_payments_count: 0,
      },
      links: subscriptionLinks(sub.id),
    };
  }

  function setStatus(sub: Subscription, status: string): void {
    sub.status = status;
    sub.status_update_time = isoNoMs(new Date());
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
    let body: unknown = text;
    if (text && !isForm) {
      try {
        body = JSON.parse(text);
      } catch {
        error(res, 400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MALFORMED_REQUEST_JSON');
        return;
      }
    }
    state.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
    const method = req.method ?? 'GET';
    const p = url.pathname;

    if (method === 'GET' && p === CERT_PATH) {
      res.writeHead(200, { 'content-type': 'application/x-pem-file' });
      res.end(TEST_SIGNING_CERT);
      return;
    }

    if (method === 'GET' && p === '/webapps/billing/subscriptions') {
      // The payer's approval page: approving activates the subscription, PayPal then notifies the
      // merchant's webhook and sends the payer back to the return URL.
      const id = (url.searchParams.get('ba_token') ?? '').replace(/^BA-/, '');
      const sub = state.subscriptions.get(id);
      if (!sub) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<p>Unknown subscription</p>');
        return;
      }
      setStatus(sub, 'ACTIVE');
      sub.start_time = isoNoMs(new Date());
      if (state.webhookTarget) await state.deliver(state.webhookTarget, state.subscriptionEvent(id, 'ACTIVATED'));
      const back = new URL(sub.application_context.return_url ?? `${origin}/`);
      back.searchParams.set('subscription_id', id);
      back.searchParams.set('ba_token', `BA-${id}`);
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }

    if (method === 'POST' && p === '/v1/oauth2/token') {
      const auth = req.headers.authorization ?? '';
      const expected = `Basic ${Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64')}`;
      if (auth !== expected) {
        res.statusMessage = 'Unauthorized';
        json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        return;
      }
      if (new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
        json(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
        return;
      }
      const token = `A21AA${crypto.randomBytes(24).toString('hex')}`;
      tokens.add(token);
      json(res, 200, { scope: 'https://uri.paypal.com/services/subscriptions', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: state.tokenLifetime, nonce: crypto.randomUUID() });
      return;
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) {
      json(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      return;
    }
    if (failures && failures.times > 0) {
      failures.times -= 1;
      json(res, failures.status, failures.body);
      return;
    }
    route(method, p, url, body as Record<string, unknown>, res);
  }

  function route(method: string, p: string, url: URL, body: Record<string, unknown>, res: http.ServerResponse): void {
    const now = isoNoMs(new Date());
    if (method === 'POST' && p === '/v1/catalogs/products') {
      if (typeof body?.name !== 'string' || typeof body?.type !== 'string') return error(res, 400, 'INVALID_REQUEST', 'Request is not well-formed', 'MISSING_REQUIRED_PARAMETER');
      const product = { id: paypalId('PROD-'), name: body.name, description: String(body.description ?? ''), type: body.type, category: body.category, home_url: body.home_url, create_time: now };
      state.products.set(product.id, product);
      return json(res, 201, { ...product, links: [{ href: `${origin}/v1/catalogs/products/${product.id}`, rel: 'self', method: 'GET' }] });
    }
    if (method === 'POST' && p === '/v1/billing/plans') {
      const productId = String(body?.product_id ?? '');
      if (!state.products.has(productId)) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed', 'INVALID_PRODUCT_ID');
      if (!Array.isArray(body.billing_cycles) || body.billing_cycles.length === 0) return error(res, 400, 'INVALID_REQUEST', 'billing_cycles is required', 'MISSING_REQUIRED_PARAMETER');
      const plan: Plan = {
        id: paypalId('P-'),
        product_id: productId,
        name: String(body.name ?? ''),
        description: String(body.description ?? ''),
        status: String(body.status ?? 'ACTIVE'),
        billing_cycles: body.billing_cycles,
        payment_preferences: body.payment_preferences,
        create_time: now,
      };
      state.plans.set(plan.id, plan);
      return json(res, 201, { ...plan, usage_type: 'LICENSED', links: [{ href: `${origin}/v1/billing/plans/${plan.id}`, rel: 'self', method: 'GET' }] });
    }
    if (method === 'POST' && p === '/v1/billing/subscriptions') {
      const plan = state.plans.get(String(body?.plan_id ?? ''));
      if (!plan) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed', 'INVALID_PLAN_ID');
      const ctx = (body.application_context ?? {}) as Subscription['application_context'];
      const sub: Subscription = {
        id: paypalId('I-'),
        plan_id: plan.id,
        status: 'APPROVAL_PENDING',
        start_time: String(body.start_time ?? now),
        create_time: now,
        status_update_time: now,
        subscriber: (body.subscriber ?? {}) as Subscription['subscriber'],
        application_context: ctx,
      };
      state.subscriptions.set(sub.id, sub);
      return json(res, 201, { id: sub.id, status: sub.status, status_update_time: now, plan_id: plan.id, start_time: sub.start_time, create_time: now, links: subscriptionLinks(sub.id) });
    }
    const one = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(cancel|suspend|activate|revise))?$/.exec(p);
    if (one) {
      const sub = state.subscriptions.get(decodeURIComponent(one[1] ?? ''));
      if (!sub) return error(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      const action = one[2];
      if (method === 'GET' && !action) return json(res, 200, subscriptionView(sub));
      if (method === 'POST' && action) return subscriptionAction(sub, action, body, res);
    }
    if (method === 'GET' && p === '/v1/reporting/transactions') return transactions(url, res);
    return error(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
  }

  function subscriptionAction(sub: Subscription, action: string, body: Record<string, unknown>, res: http.ServerResponse): void {
    const invalid = () => error(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'SUBSCRIPTION_STATUS_INVALID');
    if (action === 'revise') {
      const plan = state.plans.get(String(body?.plan_id ?? ''));
      if (!plan) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed', 'INVALID_PLAN_ID');
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') return invalid();
      sub.plan_id = plan.id;
      return json(res, 200, { plan_id: plan.id, effective_time: body.effective_time ?? isoNoMs(new Date()), links: subscriptionLinks(sub.id).filter((l) => l.rel === 'approve') });
    }
    if ((action === 'cancel' || action === 'suspend') && typeof body?.reason !== 'string') {
      return error(res, 400, 'INVALID_REQUEST', 'reason is required', 'MISSING_REQUIRED_PARAMETER');
    }
    const from: Record<string, string[]> = { cancel: ['ACTIVE', 'SUSPENDED'], suspend: ['ACTIVE'], activate: ['SUSPENDED'] };
    if (!from[action]?.includes(sub.status)) return invalid();
    setStatus(sub, action === 'cancel' ? 'CANCELLED' : action === 'suspend' ? 'SUSPENDED' : 'ACTIVE');
    res.writeHead(204);
    res.end();
  }

  function transactions(url: URL, res: http.ServerResponse): void {
    const start = Date.parse(url.searchParams.get('start_date') ?? '');
    const end = Date.parse(url.searchParams.get('end_date') ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return error(res, 400, 'INVALID_REQUEST', 'Request is not well-formed', 'INVALID_DATE_RANGE');
    if (end - start > 31 * 24 * 3600 * 1000) return error(res, 400, 'INVALID_REQUEST', 'Date range is greater than 31 days', 'INVALID_REQUEST');
    const details = state.transactions
      .filter((t) => Date.parse(t.time) >= start && Date.parse(t.time) <= end)
      .map((t) => ({
        transaction_info: {
          transaction_id: t.transaction_id,
          paypal_reference_id: t.subscription_id,
          paypal_reference_id_type: 'SUB',
          transaction_event_code: 'T0002',
          transaction_initiation_date: t.time,
          transaction_updated_date: t.time,
          transaction_amount: { currency_code: t.currency, value: t.amount },
          transaction_status: 'S',
        },
      }));
    json(res, 200, { transaction_details: details, account_number: 'FAKEACCOUNT', start_date: url.searchParams.get('start_date'), end_date: url.searchParams.get('end_date'), last_refreshed_datetime: isoNoMs(new Date()), page: 1, total_items: details.length, total_pages: 1 });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) error(res, 500, 'INTERNAL_SERVER_ERROR', e instanceof Error ? e.message : 'fake failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    origin,
    certUrl: `${origin}${CERT_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
