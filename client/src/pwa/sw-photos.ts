/**
 * The service worker's side of offline photos (imported by client/src/sw.ts): uploaded images
 * are answered cache-first from the photo cache (pwa/photo-cache.ts), and `cachePhotosAhead`
 * fills it after a background refresh through the same strategy, so that its limits hold.
 */
/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { StaykeepDb } from '../db/db';
import { ByteLimitPlugin, PHOTO_CACHE, PHOTO_MAX_BYTES, PHOTO_MAX_ENTRIES, responseBytes } from './photo-cache';
import { fillPhotoCache, isSparingData, photosForStore, type FillResult } from './photo-prefetch';
import { PHOTO_PATH } from './photo-selection';

declare let self: ServiceWorkerGlobalScope;

export const photoStrategy = new CacheFirst({
  cacheName: PHOTO_CACHE,
  plugins: [
    // Only whole, successful answers: never a 404 or an error page in place of a photo.
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: PHOTO_MAX_ENTRIES, purgeOnQuotaError: true }),
    new ByteLimitPlugin(PHOTO_MAX_BYTES),
  ],
});

registerRoute(({ url, sameOrigin }) => sameOrigin && PHOTO_PATH.test(url.pathname), photoStrategy);

/** Fills the photo cache for the user of `db` (skipped on a connection to spare). */
export async function cachePhotosAhead(db: StaykeepDb, event: ExtendableEvent): Promise<FillResult | null> {
  const connection = (self.navigator as Navigator & { connection?: { saveData?: boolean; metered?: boolean } }).connection;
  if (isSparingData(connection)) return null;
  const urls = await photosForStore(db);
  const cache = await caches.open(PHOTO_CACHE);
  return fillPhotoCache(urls, {
    cachedBytes: async (url) => {
      const hit = await cache.match(url);
      return hit ? responseBytes(hit) : null;
    },
    fetchPhoto: async (url) => {
      const response = await photoStrategy.handle({ request: new Request(url), event });
      if (!response.ok) throw new Error(`Photo ${url} answered ${response.status}`);
      return responseBytes(response);
    },
  });
}
