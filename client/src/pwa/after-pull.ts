/**
 * What the page does after each of its syncs (started from main.tsx; the sync runtime itself is
 * untouched): records the time for the profile's "Last refreshed" (pwa/refresh-log.ts), fills the
 * photo cache for the coming days when the browser is idle (pwa/photo-prefetch.ts), and registers
 * the periodic background refresh once per page load (pwa/background-refresh.ts). None of it delays
 * or fails a sync.
 */
import type { StaykeepDb } from '../db/db';
import type { SyncRuntime } from '../sync/runtime';
import { registerPeriodicRefresh } from './background-refresh';
import { PHOTO_CACHE, responseBytes } from './photo-cache';
import { fillPhotoCache, isSparingData, photosForStore, type PhotoSource } from './photo-prefetch';
import type { RefreshLog } from './refresh-log';
import { whenIdle } from '../lib/when-idle';

/** The page's photo source: reads through the cache; fetches through the service worker, which caches. */
function pagePhotoSource(cache: Cache): PhotoSource {
  return {
    cachedBytes: async (url) => {
      const hit = await cache.match(url);
      return hit ? responseBytes(hit) : null;
    },
    fetchPhoto: async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`Photo ${url} answered ${response.status}`);
      return responseBytes(response);
    },
  };
}

/**
 * Whether a service worker controls the page (waiting a little on a first visit, where the new
 * worker claims the page soon after the first sync): only then does a fetch land in the photo cache.
 */
function whenControlled(timeoutMs = 10_000): Promise<boolean> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return Promise.resolve(false);
  if (container.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(container.controller !== null), timeoutMs);
    container.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}

/**
 * Fills the photo cache for the signed-in user, unless the connection is to be spared or no worker
 * would cache; answers whether every chosen photo is in the cache (or none was chosen).
 */
export async function prefetchPhotos(db: StaykeepDb): Promise<boolean> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; metered?: boolean } }).connection;
  if (isSparingData(connection) || typeof caches === 'undefined' || !(await whenControlled())) return false;
  const urls = await photosForStore(db);
  if (urls.length === 0) return true;
  return (await fillPhotoCache(urls, pagePhotoSource(await caches.open(PHOTO_CACHE)))).failed.length === 0;
}

/** What the chosen photos depend on: the rows (the store's cursor) and the day. */
async function selectionKey(db: StaykeepDb): Promise<string> {
  return `${(await db.getMeta('cursor')) ?? 0}@${new Date().toDateString()}`;
}

type WatchedRuntime = Pick<SyncRuntime, 'subscribe' | 'getSnapshot'>;

/**
 * Follows the runtime: each sync that finished (a new `lastSyncedAt`) is recorded for the store's
 * owner and followed by a photo prefetch when idle (`schedule`); the periodic refresh is
 * registered at the first synced session. Answers the unsubscribe.
 */
export function watchPulls(runtime: WatchedRuntime, db: StaykeepDb, log: () => RefreshLog, schedule: (run: () => void) => void = whenIdle): () => void {
  let seen: string | null = null;
  let prefetching = false;
  let registered = false;

  // A sync that brought nothing new on the same day needs no second look at the photos.
  let doneFor: string | null = null;

  const prefetch = () => {
    if (prefetching) return;
    prefetching = true;
    void (async () => {
      const key = await selectionKey(db);
      if (key === doneFor) return;
      if (await prefetchPhotos(db)) doneFor = key;
    })()
      .catch(() => undefined)
      .finally(() => {
        prefetching = false;
      });
  };

  return runtime.subscribe(() => {
    const { mode, status } = runtime.getSnapshot();
    if (mode !== 'synced' || !status) return;
    // The registration belongs to the worker, not to a user: once per page load is enough.
    if (!registered) {
      registered = true;
      void registerPeriodicRefresh();
    }
    const at = status.lastSyncedAt;
    if (!at || at === seen) return;
    seen = at;
    void db
      .getMeta('owner')
      .then((owner) => (owner ? log().record({ owner, at, background: false }) : undefined))
      .catch(() => undefined);
    schedule(prefetch);
  });
}
