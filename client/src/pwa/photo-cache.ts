/**
 * The service worker's photo cache: uploaded images (immutable URLs, `/uploads/<hex>.webp`) are
 * served cache-first from PHOTO_CACHE, which holds at most PHOTO_MAX_ENTRIES photos
 * (workbox-expiration, least recently used out first) and PHOTO_MAX_BYTES bytes (ByteLimitPlugin
 * below: workbox-expiration counts entries only). The page and the worker fill it ahead of need
 * within PHOTO_PREFETCH_BYTES, less than the byte limit, so that prefetched photos never push each
 * other out (pwa/photo-prefetch.ts).
 */
import type { WorkboxPlugin } from 'workbox-core/types';

export const PHOTO_CACHE = 'staykeep-photos';
export const PHOTO_MAX_ENTRIES = 150;
export const PHOTO_MAX_BYTES = 60 * 1024 * 1024;
/** What a prefetch may fill: most of the cache, leaving room for photos opened on the spot. */
export const PHOTO_PREFETCH_LIMIT = 100;
export const PHOTO_PREFETCH_BYTES = 40 * 1024 * 1024;

/** A response's size: its Content-Length (the upload route sends it), else its body read. */
export async function responseBytes(response: Response): Promise<number> {
  const declared = Number(response.headers.get('content-length'));
  if (response.headers.has('content-length') && Number.isSafeInteger(declared) && declared >= 0) return declared;
  return (await response.clone().arrayBuffer()).byteLength;
}

/**
 * How many entries, oldest first, must go so that the rest fit in `maxBytes` (`sizes` in the
 * cache's order, oldest first). A single entry larger than the limit goes too.
 */
export function oldestToEvict(sizes: readonly number[], maxBytes: number): number {
  let total = sizes.reduce((sum, size) => sum + size, 0);
  let count = 0;
  while (total > maxBytes && count < sizes.length) {
    total -= sizes[count] ?? 0;
    count += 1;
  }
  return count;
}

export type CacheLike = Pick<Cache, 'keys' | 'match' | 'delete'>;

/**
 * Deletes the oldest entries of `cache` until its bodies fit in `maxBytes`; answers the URLs
 * deleted. `known` remembers sizes between passes (a photo's URL never changes content).
 */
export async function enforceByteLimit(cache: CacheLike, maxBytes: number, known = new Map<string, number>()): Promise<string[]> {
  // The Cache API lists requests in the order they were put (the last put is last).
  const requests = await cache.keys();
  const sizes = await Promise.all(
    requests.map(async (request) => {
      const remembered = known.get(request.url);
      if (remembered !== undefined) return remembered;
      const response = await cache.match(request);
      const size = response ? await responseBytes(response) : 0;
      known.set(request.url, size);
      return size;
    }),
  );
  const evicted = requests.slice(0, oldestToEvict(sizes, maxBytes));
  await Promise.all(evicted.map((request) => cache.delete(request)));
  for (const request of evicted) known.delete(request.url);
  return evicted.map((request) => request.url);
}

/** A workbox plugin that keeps a runtime cache within `maxBytes` after every write to it. */
export class ByteLimitPlugin implements WorkboxPlugin {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly maxBytes: number,
    private readonly openCache: (name: string) => Promise<CacheLike> = (name) => caches.open(name),
  ) {}

  cacheDidUpdate: WorkboxPlugin['cacheDidUpdate'] = async ({ cacheName }) => {
    // One pass at a time: photos fetched together would otherwise each count the others' bytes.
    const pass = this.queue.then(async () => enforceByteLimit(await this.openCache(cacheName), this.maxBytes, this.sizes));
    this.queue = pass.catch(() => undefined);
    await pass;
  };
}
