import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaykeepDb } from '../db/db';
import { claimStore } from '../db/store';
import type { RuntimeSnapshot } from '../sync/runtime';
import { testStore } from '../sync/test-db';
import { watchPulls } from './after-pull';
import { RefreshLog } from './refresh-log';

/** A runtime whose snapshots the test sets. */
class FakeRuntime {
  private snapshot: RuntimeSnapshot = { mode: 'none', status: null };
  private readonly listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;
  set(mode: RuntimeSnapshot['mode'], lastSyncedAt: string | null, state: 'idle' | 'syncing' = 'idle'): void {
    this.snapshot = { mode, status: mode === 'synced' ? { state, error: null, lastSyncedAt, progress: null } : null };
    for (const listener of this.listeners) listener();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('watchPulls', () => {
  let db: StaykeepDb;
  let log: RefreshLog;
  let runtime: FakeRuntime;
  let scheduled: number;
  let stop: () => void;

  beforeEach(async () => {
    db = testStore().open();
    await db.open();
    await claimStore(db, 'u1');
    log = new RefreshLog('after-pull-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    runtime = new FakeRuntime();
    scheduled = 0;
    stop = watchPulls(runtime, db, () => log, () => (scheduled += 1));
  });
  afterEach(() => {
    stop();
    db.close();
    log.close();
  });

  it("records each finished sync of the page for the store's owner, and schedules one prefetch after it", async () => {
    runtime.set('synced', null, 'syncing');
    await settle();
    expect(await log.lastOf('u1')).toBeNull();
    expect(scheduled).toBe(0);

    runtime.set('synced', '2026-11-26T08:00:00.000Z');
    runtime.set('synced', '2026-11-26T08:00:00.000Z', 'syncing');
    await settle();
    expect(await log.lastOf('u1')).toEqual({ owner: 'u1', at: '2026-11-26T08:00:00.000Z', background: false });
    expect(scheduled).toBe(1);

    runtime.set('synced', '2026-11-26T08:00:30.000Z');
    await settle();
    expect(await log.lastOf('u1')).toMatchObject({ at: '2026-11-26T08:00:30.000Z' });
    expect(scheduled).toBe(2);
  });

  it('does nothing for a demo session or once stopped', async () => {
    runtime.set('demo', null);
    await settle();
    stop();
    runtime.set('synced', '2026-11-26T08:00:00.000Z');
    await settle();
    expect(await log.lastOf('u1')).toBeNull();
    expect(scheduled).toBe(0);
  });
});
