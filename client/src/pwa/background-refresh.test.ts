import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaykeepDb } from '../db/db';
import { claimStore } from '../db/store';
import type { FetchLike } from '../api/http';
import { testStore } from '../sync/test-db';
import { PERIODIC_REFRESH_TAG, REFRESH_INTERVAL_MS, refreshInBackground, registerPeriodicRefresh } from './background-refresh';
import { RefreshLog } from './refresh-log';

const TASKS = 20111;
const user = { ID: 'u1', Name: 'Maria', Email: 'm@example.com', CreateTime: '2026-01-01T00:00:00Z', Role: 'staff' as const, setupCompleted: true, totpEnabled: false };

/** The server's side of a pull: one new title for task t1; records the requests. */
function fakeServer(): { fetch: FetchLike; requests: { url: string; authorization?: string }[] } {
  const requests: { url: string; authorization?: string }[] = [];
  const fetch: FetchLike = (url, init) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    requests.push({ url, authorization: headers.Authorization ?? headers.authorization });
    const body = { cursor: 7, more: false, version: 7, changes: [{ table: TASKS, deleted: false, row: { id: 't1', version: 7, host_id: 'h1', task_title: 'Deep clean', task_status: 'pending' } }] };
    return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(body)) });
  };
  return { fetch, requests };
}

describe('refreshInBackground', () => {
  let db: StaykeepDb;
  let log: RefreshLog;

  beforeEach(async () => {
    db = testStore().open();
    await db.open();
    log = new RefreshLog('refresh-test', { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterEach(() => {
    db.close();
    log.close();
  });

  it("pulls into the page's store with the stored session and records the time as a background refresh", async () => {
    await claimStore(db, 'u1');
    await db.setMeta('session', { token: 'tok', user, demo: false });
    const server = fakeServer();
    const outcome = await refreshInBackground(db, server.fetch, log, () => new Date('2026-11-26T04:00:00Z'));
    expect(outcome).toEqual({ refreshed: true, at: '2026-11-26T04:00:00.000Z', rejected: [] });
    expect(server.requests.map((r) => new URL(r.url, 'http://x').pathname)).toEqual(['/api/sync/pull']);
    expect(server.requests[0]?.authorization).toBe('Bearer tok');
    expect(await db.rows('housekeeping_tasks').get('t1')).toMatchObject({ task_title: 'Deep clean' });
    expect(await db.getMeta('cursor')).toBe(7);
    expect(await log.lastOf('u1')).toEqual({ owner: 'u1', at: '2026-11-26T04:00:00.000Z', background: true });
  });

  it('does nothing without a session or for a demo session', async () => {
    const server = fakeServer();
    expect(await refreshInBackground(db, server.fetch, log)).toEqual({ refreshed: false });
    await claimStore(db, 'u1');
    await db.setMeta('session', { token: null, user, demo: true });
    expect(await refreshInBackground(db, server.fetch, log)).toEqual({ refreshed: false });
    expect(server.requests).toEqual([]);
    expect(await log.lastOf('u1')).toBeNull();
  });

  it('records nothing when the server cannot be reached', async () => {
    await claimStore(db, 'u1');
    await db.setMeta('session', { token: 'tok', user, demo: false });
    await expect(refreshInBackground(db, () => Promise.reject(new TypeError('Failed to fetch')), log)).rejects.toThrow();
    expect(await log.lastOf('u1')).toBeNull();
  });
});

describe('RefreshLog', () => {
  it('keeps the latest refresh per owner, whichever records last', async () => {
    const log = new RefreshLog('refresh-order', { indexedDB: new IDBFactory(), IDBKeyRange });
    await log.record({ owner: 'u1', at: '2026-11-26T10:00:00.000Z', background: false });
    await log.record({ owner: 'u1', at: '2026-11-26T09:00:00.000Z', background: true });
    expect(await log.lastOf('u1')).toEqual({ owner: 'u1', at: '2026-11-26T10:00:00.000Z', background: false });
    await log.record({ owner: 'u1', at: '2026-11-26T11:00:00.000Z', background: true });
    expect(await log.lastOf('u1')).toMatchObject({ background: true });
    expect(await log.lastOf('u2')).toBeNull();
    log.close();
  });
});

describe('registerPeriodicRefresh', () => {
  function env(state: string | Error, periodic = true) {
    const registered: { tag: string; minInterval: number }[] = [];
    return {
      registered,
      env: {
        permissions: { query: () => (state instanceof Error ? Promise.reject(state) : Promise.resolve({ state })) },
        registration: () =>
          Promise.resolve(
            periodic
              ? {
                  periodicSync: {
                    register: (tag: string, options: { minInterval: number }) => {
                      registered.push({ tag, minInterval: options.minInterval });
                      return Promise.resolve();
                    },
                  },
                }
              : {},
          ),
      },
    };
  }

  it('registers the 12-hour refresh only where the permission is granted', async () => {
    const granted = env('granted');
    expect(await registerPeriodicRefresh(granted.env)).toBe('registered');
    expect(granted.registered).toEqual([{ tag: PERIODIC_REFRESH_TAG, minInterval: REFRESH_INTERVAL_MS }]);
    expect(REFRESH_INTERVAL_MS).toBe(12 * 60 * 60 * 1000);
    const prompt = env('prompt');
    expect(await registerPeriodicRefresh(prompt.env)).toBe('not-granted');
    expect(prompt.registered).toEqual([]);
  });

  it('leaves browsers without the API alone', async () => {
    expect(await registerPeriodicRefresh(null)).toBe('unsupported');
    expect(await registerPeriodicRefresh(env('granted', false).env)).toBe('unsupported');
    expect(await registerPeriodicRefresh(env(new TypeError('unknown permission name')).env)).toBe('unsupported');
  });
});
