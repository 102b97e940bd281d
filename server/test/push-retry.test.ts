/**
 * What the sender does with each answer of a push service, against a local stand-in that answers
 * what the test asks for (the mock push service only ever answers 201/400/410): 5xx and 429 are
 * retried later with backoff (Retry-After honoured) from the persistent queue, other 4xx are
 * dropped, 404 removes the subscription, a network failure is retried, retries stop after the last
 * attempt or the TTL; TTL and Urgency headers are set.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushDeliveries, pushSubscriptions } from '../../shared/schema/tables';
import { notify } from '../src/modules/notifications/service';
import { DEFAULT_BACKOFF, retryAfterMs, retryDelayMs } from '../src/modules/push/sender';
import { PUSH_TTL_SECONDS } from '../src/modules/push/service';
import { createHost, type HostFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';

type Answer = { status: number; headers?: Record<string, string> };
type Received = { headers: http.IncomingHttpHeaders; bytes: number };

let stub: http.Server;
let origin: string;
let answers: Answer[] = [];
let received: Received[] = [];
let app: TestApp;
let clock = new Date('2031-03-01T10:00:00.000Z');
const savedOrigins = process.env.PUSH_ENDPOINT_ORIGINS;

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, bytes: Buffer.concat(chunks).length });
      const answer = answers.shift() ?? { status: 201 };
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  stub.listen(0, '127.0.0.1');
  await once(stub, 'listening');
  origin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  process.env.PUSH_ENDPOINT_ORIGINS = `${origin},http://127.0.0.1:1`;
  app = await makeTestApp({ now: () => clock });
});

afterAll(async () => {
  await app.cleanup();
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  if (savedOrigins === undefined) delete process.env.PUSH_ENDPOINT_ORIGINS;
  else process.env.PUSH_ENDPOINT_ORIGINS = savedOrigins;
});

beforeEach(() => {
  answers = [];
  received = [];
});

function advance(ms: number): void {
  clock = new Date(clock.getTime() + ms);
}

/** A subscription with real keys (so that web-push can encrypt for it) at an endpoint of ours. */
function device(host: HostFixture, endpointOrigin = origin): string {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return app.db.transaction((tx) => {
    const row = tx
      .insert(pushSubscriptions)
      .values({
        id: crypto.randomUUID(),
        user_id: host.userId,
        endpoint: `${endpointOrigin}/push/${crypto.randomUUID()}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: crypto.randomBytes(16).toString('base64url'),
        created_at: clock.toISOString(),
        version: 1,
      })
      .returning()
      .get();
    return row.id;
  });
}

/** Writes a notification and drains at once (before the after-commit wake, which joins this drain). */
function notifyAndDrain(host: HostFixture, type: 'info' | 'urgent' = 'info') {
  app.db.transaction((tx) => notify(tx, { userId: host.userId, title: 'Hello', type }, clock));
  return app.push.sender.drain();
}

function deliveriesOf(subscriptionId: string) {
  return app.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscription_id, subscriptionId)).all();
}

describe('retry policy', () => {
  it('grows exponentially with jitter, capped, and honours a longer Retry-After', () => {
    const b = { baseMs: 1_000, maxMs: 8_000, maxAttempts: 5 };
    expect(retryDelayMs(1, b, () => 0.5)).toBe(1_000);
    expect(retryDelayMs(2, b, () => 0.5)).toBe(2_000);
    expect(retryDelayMs(3, b, () => 0)).toBe(3_200);
    expect(retryDelayMs(3, b, () => 1)).toBe(4_800);
    expect(retryDelayMs(10, b, () => 0.5)).toBe(8_000);
    expect(retryDelayMs(1, b, () => 0.5, 20_000)).toBe(20_000);
    expect(retryDelayMs(4, b, () => 0.5, 100)).toBe(8_000);
    const now = new Date('2031-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 01 Jan 2031 00:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('answers of the push service', () => {
  it('sends with TTL, Urgency (high for urgent) and an encrypted VAPID request', async () => {
    const host = createHost(app);
    device(host);
    expect(await notifyAndDrain(host, 'urgent')).toMatchObject({ sent: 1 });
    expect(await notifyAndDrain(host, 'info')).toMatchObject({ sent: 1 });
    expect(received).toHaveLength(2);
    const [urgent, info] = received;
    expect(urgent?.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(urgent?.headers.urgency).toBe('high');
    expect(info?.headers.urgency).toBe('normal');
    expect(urgent?.headers['content-encoding']).toBe('aes128gcm');
    expect(urgent?.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(urgent?.bytes).toBeGreaterThan(0);
  });

  it('retries a 503 after the backoff, from the queue, and sends it once due', async () => {
    const host = createHost(app);
    const sub = device(host);
    answers = [{ status: 503 }];
    const first = await notifyAndDrain(host);
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    const [waiting] = deliveriesOf(sub);
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.last_error).toBe('HTTP 503');
    expect(waiting?.claimed_until).toBeNull();
    const delay = Date.parse(waiting?.next_attempt_at ?? '') - clock.getTime();
    expect(delay).toBeGreaterThanOrEqual(DEFAULT_BACKOFF.baseMs * 0.8);
    expect(delay).toBeLessThanOrEqual(DEFAULT_BACKOFF.baseMs * 1.2);

    // Not due yet: nothing is sent.
    expect(await app.push.sender.drain()).toMatchObject({ sent: 0, retried: 0 });
    expect(received).toHaveLength(1);

    advance(delay);
    expect(await app.push.sender.drain()).toMatchObject({ sent: 1 });
    expect(received).toHaveLength(2);
    expect(deliveriesOf(sub)).toEqual([]);
  });

  it('waits as long as a 429 Retry-After asks', async () => {
    const host = createHost(app);
    const sub = device(host);
    answers = [{ status: 429, headers: { 'retry-after': '600' } }];
    expect(await notifyAndDrain(host)).toMatchObject({ retried: 1 });
    const [waiting] = deliveriesOf(sub);
    expect(Date.parse(waiting?.next_attempt_at ?? '') - clock.getTime()).toBe(600_000);
    advance(599_000);
    expect(await app.push.sender.drain()).toMatchObject({ sent: 0 });
    advance(1_000);
    expect(await app.push.sender.drain()).toMatchObject({ sent: 1 });
  });

  it('drops a delivery the service refuses (400) without retrying, and keeps the subscription', async () => {
    const host = createHost(app);
    const sub = device(host);
    answers = [{ status: 400 }];
    expect(await notifyAndDrain(host)).toMatchObject({ dropped: 1, retried: 0 });
    expect(deliveriesOf(sub)).toEqual([]);
    expect(app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, sub)).get()?.deleted_at).toBeNull();
  });

  it('removes the subscription on 404', async () => {
    const host = createHost(app);
    const sub = device(host);
    answers = [{ status: 404 }];
    expect(await notifyAndDrain(host)).toMatchObject({ gone: 1 });
    expect(app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, sub)).get()?.deleted_at).not.toBeNull();
  });

  it('retries when the service cannot be reached, and gives up after the last attempt', async () => {
    const host = createHost(app);
    // Port 1 on loopback refuses connections.
    const sub = device(host, 'http://127.0.0.1:1');
    expect(await notifyAndDrain(host)).toMatchObject({ retried: 1 });
    for (let attempt = 2; attempt < DEFAULT_BACKOFF.maxAttempts; attempt += 1) {
      advance(60 * 60_000);
      expect(await app.push.sender.drain(), `attempt ${attempt}`).toMatchObject({ retried: 1 });
      expect(deliveriesOf(sub)[0]?.attempts).toBe(attempt);
    }
    advance(60 * 60_000);
    expect(await app.push.sender.drain()).toMatchObject({ dropped: 1, retried: 0 });
    expect(deliveriesOf(sub)).toEqual([]);
  });

  it('does not send a message whose TTL has passed', async () => {
    const host = createHost(app);
    const sub = device(host);
    app.db.transaction((tx) => notify(tx, { userId: host.userId, title: 'Stale' }, clock));
    advance((PUSH_TTL_SECONDS + 1) * 1000);
    expect(await app.push.sender.drain()).toMatchObject({ sent: 0, dropped: 1 });
    expect(received).toEqual([]);
    expect(deliveriesOf(sub)).toEqual([]);
  });
});
