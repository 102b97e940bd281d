/** The session in the offline store: offline sign-in, expiry keeping the outbox, sign-out wiping it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaykeepDb } from '../db/db';
import { testStore, type TestStore } from '../sync/test-db';
import { createAuthStore } from './auth-store';
import type { SessionUser } from './session';
import { getToken } from './token-storage';
import { TABLE_IDS } from '../../../shared/table-ids';

const maria: SessionUser = { ID: 'u-maria', Name: 'Maria', Email: 'maria@example.com', CreateTime: '', Role: 'staff', setupCompleted: true, totpEnabled: false, staffId: 's1' };
const harper: SessionUser = { ID: 'u-harper', Name: 'Harper', Email: 'harper@example.com', CreateTime: '', Role: 'host', setupCompleted: true, totpEnabled: false, hostProfileId: 'h1' };

let store: TestStore;
let db: StaykeepDb;

function respond(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

beforeEach(() => {
  store = testStore();
  db = store.open();
});
afterEach(() => {
  vi.unstubAllGlobals();
  db.close();
});

async function queueChange(): Promise<void> {
  await db.outbox.add({ id: 'm1', seq: 1, table: TABLE_IDS.housekeeping_tasks, op: 'update', rowId: 't1', fields: { notes: 'x' }, at: '2030-01-01T00:00:00Z' });
}

describe('auth store over the offline store', () => {
  it('signs in offline as the user who signed in before (the server cannot be reached)', async () => {
    await createAuthStore({ db: () => db }).signIn('token-1', maria);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const next = createAuthStore({ db: () => db });
    await next.restore();
    expect(next.getState()).toEqual({ status: 'signedIn', user: maria, demo: false });
    expect(getToken()).toBe('token-1');
  });

  it('an expired session (401) forgets the token but keeps the outbox for the same user, who sends it after signing in again', async () => {
    const auth = createAuthStore({ db: () => db });
    await auth.signIn('token-1', maria);
    const clientId = await db.getMeta('clientId');
    await queueChange();
    respond(401, { error: 'Unauthorized' });
    await auth.restore();
    expect(auth.getState().status).toBe('signedOut');
    expect(await db.getMeta('session')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);

    await auth.signIn('token-2', maria);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.getMeta('clientId')).toBe(clientId);
  });

  it('another user signing in gets a clean store and a new clientId', async () => {
    const auth = createAuthStore({ db: () => db });
    await auth.signIn('token-1', maria);
    const clientId = await db.getMeta('clientId');
    await queueChange();
    await db.rows('housekeeping_tasks').put({ id: 't1', task_title: 'Maria’s task' });
    await auth.signIn('token-3', harper);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rows('housekeeping_tasks').count()).toBe(0);
    expect(await db.getMeta('clientId')).not.toBe(clientId);
  });

  it('signing out wipes the session, the rows and the outbox', async () => {
    const auth = createAuthStore({ db: () => db });
    await auth.signIn('token-1', maria);
    await queueChange();
    respond(200, {});
    await auth.signOut();
    expect(auth.getState().status).toBe('signedOut');
    expect(await db.meta.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    const reopened = createAuthStore({ db: () => db });
    await reopened.restore();
    expect(reopened.getState().status).toBe('signedOut');
  });

  it('signs a demo account in with no server, and remembers it across reloads', async () => {
    const auth = createAuthStore({ db: () => db, today: () => '2031-05-10' });
    const user = await auth.signInDemo('host@example.com');
    expect(auth.getState()).toMatchObject({ status: 'signedIn', demo: true, user: { Role: 'host' } });
    expect(getToken()).toBeNull();
    db.close();
    db = store.open();
    const next = createAuthStore({ db: () => db });
    await next.restore();
    expect(next.getState()).toEqual({ status: 'signedIn', user, demo: true });
  });
});
