/**
 * Web Push against the real mock push service (web-push-testing): subscriptions over HTTP, payloads
 * encrypted by web-push and sent with fetch after commit, read back decrypted by the service; 410
 * removes the subscription; endpoints outside the push services are refused; the VAPID pair
 * survives restarts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { NOTIFICATION_TITLES } from '../../shared/messages';
import { appKeys, pushDeliveries, pushSubscriptions } from '../../shared/schema/tables';
import { buildApp } from '../src/app';
import { notify } from '../src/modules/notifications/service';
import { subscribe, type PushPayload } from '../src/modules/push/service';
import { loadActor } from '../src/actor';
import { insertRow } from '../src/db/write';
import { createHost, createStaff, createTask, defOf, type UserFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';
import { startMockPushService, waitFor, type MockPushService, type MockSubscription } from './push-helpers';

let mock: MockPushService;
let app: TestApp;
const savedOrigins = process.env.PUSH_ENDPOINT_ORIGINS;

beforeAll(async () => {
  mock = await startMockPushService();
  process.env.PUSH_ENDPOINT_ORIGINS = `https://push.example.test, ${mock.origin}`;
  app = await makeTestApp();
});

afterAll(async () => {
  await app.cleanup();
  await mock.close();
  if (savedOrigins === undefined) delete process.env.PUSH_ENDPOINT_ORIGINS;
  else process.env.PUSH_ENDPOINT_ORIGINS = savedOrigins;
});

function auth(user: UserFixture) {
  return { authorization: `Bearer ${user.token}` };
}

async function publicKey(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { publicKey: string }).publicKey;
}

async function subscribeDevice(user: UserFixture): Promise<MockSubscription & { id: string }> {
  const sub = await mock.subscribe(await publicKey());
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...auth(user), 'user-agent': 'vitest-phone' },
    payload: { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { id: string; endpoint: string; user_agent: string };
  expect(body.endpoint).toBe(sub.endpoint);
  expect(body.user_agent).toBe('vitest-phone');
  expect(body).not.toHaveProperty('keys');
  return { ...sub, id: body.id };
}

function notifyNow(userId: string, title: string, type: 'info' | 'urgent' = 'info') {
  return app.db.transaction((tx) =>
    notify(tx, { userId, title, message: `${title} message`, type, taskId: 'task-1', actionUrl: '/housekeeping?taskId=task-1' }, app.now()),
  );
}

describe('VAPID key', () => {
  it('is served without a session and is a P-256 public key', async () => {
    const key = await publicKey();
    const bytes = Buffer.from(key, 'base64url');
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('is kept across restarts, with the private key encrypted at rest, and replaced when the secret changes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-vapid-'));
    const options = { databasePath: path.join(dir, 'app.db'), clientDistDir: path.join(dir, 'none') };
    try {
      const first = await buildApp({ ...options, appSecretKey: 'secret-one' });
      const key1 = first.push.publicKey;
      const stored = first.db.select().from(appKeys).all();
      const privateRow = stored.find((r) => r.name === 'vapid_private_key');
      expect(privateRow?.value.startsWith('v1:')).toBe(true);
      // A device subscribed with the first pair.
      first.db.transaction((tx) =>
        insertRow(tx, defOf(TABLE_IDS.push_subscriptions), {
          user_id: 'someone',
          endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
          p256dh: 'p',
          auth: 'a',
          created_at: new Date().toISOString(),
        }),
      );
      await first.close();

      const second = await buildApp({ ...options, appSecretKey: 'secret-one' });
      expect(second.push.publicKey).toBe(key1);
      const res = await second.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
      expect((res.json() as { publicKey: string }).publicKey).toBe(key1);

      expect(second.db.select().from(pushSubscriptions).get()?.deleted_at).toBeNull();
      await second.close();

      // With another server secret the private key cannot be read: a new pair, and the devices
      // subscribed with the old one (which push services would refuse) are removed.
      const third = await buildApp({ ...options, appSecretKey: 'another-secret' });
      expect(third.push.publicKey).not.toBe(key1);
      expect(third.db.select().from(pushSubscriptions).get()?.deleted_at).not.toBeNull();
      await third.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('subscriptions', () => {
  it('need a session', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { endpoint: `${mock.origin}/notify/x`, keys: { p256dh: 'x', auth: 'y' } }],
      ['DELETE', { endpoint: `${mock.origin}/notify/x` }],
    ] as const) {
      const res = await app.inject({ method, url: '/api/push/subscriptions', payload });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('refuse endpoints that are not a known push service or a listed origin (400 naming endpoint)', async () => {
    const host = createHost(app);
    const keys = (await mock.subscribe(await publicKey())).keys;
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://evil.example.com/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evilpush.apple.com/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'http://127.0.0.1:9/notify/abc',
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'not a url',
      `https://fcm.googleapis.com/${'a'.repeat(2100)}`,
    ];
    for (const endpoint of refused) {
      const res = await app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: auth(host), payload: { endpoint, keys } });
      expect(res.statusCode, endpoint).toBe(400);
      expect((res.json() as { error: string }).error, endpoint).toMatch(/^Invalid value for endpoint/);
    }
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://push.example.test/listed/origin',
    ];
    for (const endpoint of accepted) {
      const res = await app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: auth(host), payload: { endpoint, keys } });
      expect(res.statusCode, endpoint).toBe(201);
    }
    // These never receive anything: the host is given no notification here.
    const list = await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: auth(host) });
    expect((list.json() as { subscriptions: { endpoint: string }[] }).subscriptions.map((s) => s.endpoint)).toEqual(accepted);
  });

  it('refuse keys that are not a subscription key pair (400 naming the key)', async () => {
    const host = createHost(app);
    const sub = await mock.subscribe(await publicKey());
    const cases: [Record<string, unknown>, string][] = [
      [{ endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } }, 'keys.p256dh'],
      [{ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: Buffer.alloc(8).toString('base64url') } }, 'keys.auth'],
      [{ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh } }, 'keys.auth'],
      [{ endpoint: sub.endpoint }, 'keys'],
      [{ keys: sub.keys }, 'endpoint'],
    ];
    for (const [payload, field] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: auth(host), payload });
      expect(res.statusCode, field).toBe(400);
      expect((res.json() as { error: string }).error, field).toContain(`Invalid value for ${field}`);
    }
  });

  it('are per user: listed and deleted by their owner only, and moved when another account subscribes the same browser', async () => {
    const a = createHost(app);
    const b = createHost(app);
    const device = await subscribeDevice(a);
    const listB = await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: auth(b) });
    expect((listB.json() as { subscriptions: unknown[] }).subscriptions).toEqual([]);

    const notMine = await app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: auth(b), payload: { endpoint: device.endpoint } });
    expect(notMine.json()).toEqual({ deleted: false });
    expect(app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)).get()?.deleted_at).toBeNull();

    // b signs in on the same browser while a push for a is still queued (same tick, before the
    // sender runs): the endpoint becomes b's, and a's pending push is not sent to b.
    expect(notifyNow(a.userId, 'For a only').deliveries).toBe(1);
    const actorB = loadActor(app.db, b.userId);
    if (!actorB) throw new Error('no actor');
    const moved = subscribe(app.db, actorB, { endpoint: device.endpoint, keys: device.keys }, app.push.allowedOrigins, app.now());
    expect(moved.id).toBe(device.id);
    expect(app.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscription_id, device.id)).all()).toEqual([]);
    await app.push.sender.drain();
    expect(await mock.messages(device.clientHash)).toEqual([]);

    const mine = await app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: auth(b), payload: { endpoint: device.endpoint } });
    expect(mine.json()).toEqual({ deleted: true });
    const after = await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: auth(b) });
    expect((after.json() as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    const again = await app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: auth(b), payload: { endpoint: device.endpoint } });
    expect(again.json()).toEqual({ deleted: false });
  });
});

describe('delivery through the mock push service', () => {
  it('sends each device of the owner the encrypted payload, read back decrypted, with urgency for urgent alerts', async () => {
    const host = createHost(app);
    const phone = await subscribeDevice(host);
    const laptop = await subscribeDevice(host);
    const other = createHost(app);
    const otherPhone = await subscribeDevice(other);

    const { notification, deliveries } = notifyNow(host.userId, NOTIFICATION_TITLES.urgentTask, 'urgent');
    expect(deliveries).toBe(2);
    const summary = await app.push.sender.drain();
    expect(summary.sent).toBeGreaterThanOrEqual(2);

    for (const device of [phone, laptop]) {
      const messages = await waitFor(
        () => mock.messages(device.clientHash),
        (m) => m.length === 1,
      );
      const payload = JSON.parse(messages[0] ?? '') as PushPayload;
      expect(payload).toEqual({
        id: notification.id,
        title: NOTIFICATION_TITLES.urgentTask,
        message: `${NOTIFICATION_TITLES.urgentTask} message`,
        type: 'urgent',
        timestamp: notification.timestamp,
        actionUrl: '/housekeeping?taskId=task-1',
        taskId: 'task-1',
        requireInteraction: true,
        // An urgent alert about a task: its actions' titles in the reader's language (English here).
        actionTitles: { start: 'Start', done: 'Mark done', open: 'Open' },
      });
    }
    expect(await mock.messages(otherPhone.clientHash)).toEqual([]);
    expect(app.db.select().from(pushDeliveries).all()).toEqual([]);
  });

  it('pushes a task event written through the table API after its commit, without being asked', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const phone = await subscribeDevice(host);
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId, task_title: 'Balcony glass' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.housekeeping_tasks}/update`,
      headers: auth(staff),
      payload: { ID: task.id, task_status: 'completed' },
    });
    expect(res.statusCode).toBe(200);
    const messages = await waitFor(
      () => mock.messages(phone.clientHash),
      (m) => m.length === 1,
    );
    const payload = JSON.parse(messages[0] ?? '') as PushPayload;
    expect(payload.title).toBe(NOTIFICATION_TITLES.taskCompleted);
    expect(payload.type).toBe('success');
    expect(payload.requireInteraction).toBe(false);
    expect(payload.actionUrl).toBe(`/housekeeping?taskId=${String(task.id)}`);
    expect(payload.message).toContain('Balcony glass');
  });

  it('removes a subscription the push service answers 410 for, with what was queued for it', async () => {
    const host = createHost(app);
    const kept = await subscribeDevice(host);
    const expired = await subscribeDevice(host);
    await mock.expire(expired.clientHash);

    notifyNow(host.userId, 'First');
    const summary = await app.push.sender.drain();
    expect(summary.gone).toBe(1);
    const row = app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, expired.id)).get();
    expect(row?.deleted_at).not.toBeNull();
    expect(await mock.messages(kept.clientHash)).toHaveLength(1);

    const list = await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: auth(host) });
    expect((list.json() as { subscriptions: { id: string }[] }).subscriptions.map((s) => s.id)).toEqual([kept.id]);
    // The next notification goes to the live device only.
    expect(notifyNow(host.userId, 'Second').deliveries).toBe(1);
    await app.push.sender.drain();
    expect(await mock.messages(kept.clientHash)).toHaveLength(2);
    const live = app.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.user_id, host.userId), isNull(pushSubscriptions.deleted_at)))
      .all();
    expect(live.map((s) => s.id)).toEqual([kept.id]);
  });

  it('sends nothing for a notification whose transaction rolled back', async () => {
    const host = createHost(app);
    const phone = await subscribeDevice(host);
    expect(() =>
      app.db.transaction((tx) => {
        notify(tx, { userId: host.userId, title: 'Never' }, app.now());
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    await new Promise((resolve) => setImmediate(resolve));
    await app.push.sender.drain();
    expect(await mock.messages(phone.clientHash)).toEqual([]);
  });
});

describe('keys of the subscription', () => {
  it('are never returned, and a fresh P-256 key pair is accepted', async () => {
    const host = createHost(app);
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
    const res = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: auth(host),
      payload: { endpoint: 'https://push.example.test/one', keys },
    });
    expect(res.statusCode).toBe(201);
    expect(JSON.stringify(res.json())).not.toContain(keys.p256dh);
    const list = await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: auth(host) });
    expect(JSON.stringify(list.json())).not.toContain(keys.auth);
  });
});
