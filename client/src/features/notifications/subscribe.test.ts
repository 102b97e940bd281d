/**
 * Subscribing this device, with the browser's push objects stubbed (no push service here): the
 * server's key is used, a subscription made with another key is replaced, the server is told,
 * and offline or blocked states refuse with a message instead of half-subscribing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeThisDevice, unsubscribeThisDevice } from './alerts';

const SERVER_KEY = 'AQID'; // bytes 1, 2, 3

type Sub = { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON: () => unknown; unsubscribe: ReturnType<typeof vi.fn> };

function sub(endpoint: string, key: number[]): Sub {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(key).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

let existing: Sub | null;
let permission: NotificationPermission;
let online: boolean;
const calls: { url: string; method: string; body: unknown }[] = [];
const subscribe = vi.fn(async () => sub('https://fcm.googleapis.com/fcm/send/new', [1, 2, 3]));

beforeEach(() => {
  existing = null;
  permission = 'granted';
  online = true;
  calls.length = 0;
  subscribe.mockClear();
  const registration = { pushManager: { getSubscription: async () => existing, subscribe } };
  vi.stubGlobal('window', { PushManager: class {}, Notification: class {} });
  vi.stubGlobal('Notification', { get permission() { return permission; }, requestPermission: async () => permission });
  vi.stubGlobal('navigator', { get onLine() { return online; }, serviceWorker: { getRegistration: async () => registration } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const body = url.endsWith('/vapid-public-key') ? { publicKey: SERVER_KEY } : url.endsWith('/subscriptions') && init.method === 'POST' ? { id: 's1' } : { deleted: true };
    return new Response(JSON.stringify(body), { status: url.endsWith('/subscriptions') && init.method === 'POST' ? 201 : 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('push subscription of this device', () => {
  it('subscribes with the server key and tells the server', async () => {
    const made = await subscribeThisDevice();
    expect(made.endpoint).toBe('https://fcm.googleapis.com/fcm/send/new');
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/push/vapid-public-key', 'POST /api/push/subscriptions']);
    expect(calls[1]?.body).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/new', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } });
  });

  it('keeps a subscription made with the same key, replaces one made with another', async () => {
    existing = sub('https://fcm.googleapis.com/fcm/send/old', [1, 2, 3]);
    expect((await subscribeThisDevice()).endpoint).toBe('https://fcm.googleapis.com/fcm/send/old');
    expect(subscribe).not.toHaveBeenCalled();

    const stale = sub('https://fcm.googleapis.com/fcm/send/stale', [9, 9, 9]);
    existing = stale;
    expect((await subscribeThisDevice()).endpoint).toBe('https://fcm.googleapis.com/fcm/send/new');
    expect(stale.unsubscribe).toHaveBeenCalled();
  });

  it('refuses offline or when notifications are blocked, before touching anything', async () => {
    online = false;
    await expect(subscribeThisDevice()).rejects.toThrow('needs a connection');
    online = true;
    permission = 'denied';
    await expect(subscribeThisDevice()).rejects.toThrow('blocked');
    expect(calls).toEqual([]);
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('unsubscribes: the server first, then the browser', async () => {
    const mine = sub('https://fcm.googleapis.com/fcm/send/mine', [1, 2, 3]);
    existing = mine;
    await unsubscribeThisDevice();
    expect(calls).toEqual([{ url: '/api/push/subscriptions', method: 'DELETE', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/mine' } }]);
    expect(mine.unsubscribe).toHaveBeenCalled();
  });
});
