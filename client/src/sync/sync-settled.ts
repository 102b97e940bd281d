/**
 * When the session's sync has had its first go: a run ended (the first sync of a new device is
 * then in), or it cannot run now (offline, failing), or a demo session, which syncs nothing.
 * Work that would compete with a first sync for the network and the page waits for it: caching
 * the area's code for offline use (main.tsx) downloads hundreds of KB, on a phone the first
 * sync's own bandwidth.
 */
import type { RuntimeSnapshot } from './runtime';

type Watched = { subscribe: (listener: () => void) => () => void; getSnapshot: () => RuntimeSnapshot };

function settled({ mode, status }: RuntimeSnapshot): boolean {
  if (mode === 'demo') return true;
  if (!status) return false;
  return status.lastSyncedAt !== null || status.state === 'offline' || status.state === 'error';
}

/** Resolves once the sync has settled (above), or after `maxMs` whatever it is doing. */
export function whenSyncSettles(sync: Watched, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = () => {
      unsubscribe?.();
      if (timer !== null) clearTimeout(timer);
      resolve();
    };
    if (settled(sync.getSnapshot())) return finish();
    timer = setTimeout(finish, maxMs);
    unsubscribe = sync.subscribe(() => {
      if (settled(sync.getSnapshot())) finish();
    });
  });
}
