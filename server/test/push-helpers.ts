/**
 * The real mock push service `web-push-testing` (devDependency), started in-process on a free port:
 * it hands out subscriptions like a browser's PushManager, checks the VAPID JWT and the encryption
 * of what is posted to them, and gives back the decrypted messages. Its own CLI daemonises on a
 * fixed port, so the test drives its server class directly.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type PushApiModel = { notifyUrl: string };
/** The parts of its (untyped, CommonJS) server class the test uses: the express app and its routes. */
type TestingServer = { _app: { listen(port: number, host: string): Server }; setRequestHandlers(): void };

const { PushApiModel: ModelClass } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
const ServerClass = require('web-push-testing/src/server.js') as new (model: PushApiModel, port: number) => TestingServer;

export type MockSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

export type MockPushService = {
  origin: string;
  subscribe(applicationServerKey: string): Promise<MockSubscription>;
  /** Decrypted payloads received for a subscription, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** Makes the service answer 410 Gone for this subscription from now on. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
};

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, json: isJson && text ? (JSON.parse(text) as unknown) : text };
}

export async function startMockPushService(): Promise<MockPushService> {
  const model = new ModelClass();
  const testing = new ServerClass(model, 0);
  testing.setRequestHandlers();
  const server: Server = testing._app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;
  return {
    origin,
    async subscribe(applicationServerKey) {
      // The service wants userVisibleOnly as the string "true", as a form would send it.
      const { status, json } = await post(`${origin}/subscribe`, { userVisibleOnly: 'true', applicationServerKey });
      if (status !== 200) throw new Error(`subscribe: HTTP ${status} ${JSON.stringify(json)}`);
      return (json as { data: MockSubscription }).data;
    },
    async messages(clientHash) {
      const { status, json } = await post(`${origin}/get-notifications`, { clientHash });
      if (status !== 200) throw new Error(`get-notifications: HTTP ${status} ${JSON.stringify(json)}`);
      return (json as { data: { messages: string[] } }).data.messages;
    },
    async expire(clientHash) {
      const { status } = await post(`${origin}/expire-subscription/${clientHash}`, {});
      if (status !== 200) throw new Error(`expire-subscription: HTTP ${status}`);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until `read` answers something `done` accepts, or fails after `timeoutMs`. */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
