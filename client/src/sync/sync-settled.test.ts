import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenSyncSettles } from './sync-settled';
import type { RuntimeSnapshot } from './runtime';
import type { SyncStatus } from './engine';

function fakeRuntime(snapshot: RuntimeSnapshot) {
  const listeners = new Set<() => void>();
  return {
    snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot(): RuntimeSnapshot {
      return this.snapshot;
    },
    publish(next: RuntimeSnapshot) {
      this.snapshot = next;
      for (const listener of [...listeners]) listener();
    },
    listenerCount: () => listeners.size,
  };
}

const status = (over: Partial<SyncStatus>): SyncStatus => ({ state: 'syncing', error: null, lastSyncedAt: null, progress: null, ...over });

afterEach(() => {
  vi.useRealTimers();
});

describe('whenSyncSettles', () => {
  it('waits for the first run to end, then lets go of the runtime', async () => {
    vi.useFakeTimers();
    const runtime = fakeRuntime({ mode: 'synced', status: status({}) });
    let done = false;
    void whenSyncSettles(runtime, 60_000).then(() => (done = true));
    runtime.publish({ mode: 'synced', status: status({ state: 'syncing' }) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false);
    runtime.publish({ mode: 'synced', status: status({ state: 'idle', lastSyncedAt: '2026-11-27T05:00:00.000Z' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(runtime.listenerCount()).toBe(0);
  });

  it('does not wait for a sync that cannot run, or a demo session', async () => {
    for (const snapshot of [{ mode: 'synced', status: status({ state: 'offline' }) }, { mode: 'synced', status: status({ state: 'error', error: 'down' }) }, { mode: 'demo', status: null }] as RuntimeSnapshot[]) {
      await expect(whenSyncSettles(fakeRuntime(snapshot), 60_000)).resolves.toBeUndefined();
    }
  });

  it('gives up waiting after maxMs', async () => {
    vi.useFakeTimers();
    const runtime = fakeRuntime({ mode: 'synced', status: status({}) });
    let done = false;
    void whenSyncSettles(runtime, 30_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(runtime.listenerCount()).toBe(0);
  });
});
