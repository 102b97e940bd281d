import { describe, expect, it } from 'vitest';
import { ByteLimitPlugin, enforceByteLimit, oldestToEvict, responseBytes, type CacheLike } from './photo-cache';

/** An in-memory Cache with the Cache API's order: a put moves the entry to the end. */
class MemoryCache implements CacheLike {
  readonly entries = new Map<string, Response>();

  put(url: string, bytes: number, headers: Record<string, string> = { 'content-length': String(bytes) }): void {
    this.entries.delete(url);
    this.entries.set(url, new Response(new Uint8Array(bytes), { headers }));
  }

  keys(): Promise<readonly Request[]> {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }

  match(request: RequestInfo | URL): Promise<Response | undefined> {
    const url = request instanceof Request ? request.url : String(request);
    return Promise.resolve(this.entries.get(url)?.clone());
  }

  delete(request: RequestInfo | URL): Promise<boolean> {
    const url = request instanceof Request ? request.url : String(request);
    return Promise.resolve(this.entries.delete(url));
  }

  urls(): string[] {
    return [...this.entries.keys()];
  }
}

const url = (n: number) => `https://app.example/uploads/${String(n).padStart(32, '0')}.webp`;

describe('oldestToEvict', () => {
  it('drops the oldest entries until the rest fit', () => {
    expect(oldestToEvict([10, 20, 30], 60)).toBe(0);
    expect(oldestToEvict([10, 20, 30], 59)).toBe(1);
    expect(oldestToEvict([10, 20, 30], 30)).toBe(2);
    expect(oldestToEvict([10, 20, 30], 29)).toBe(3);
    expect(oldestToEvict([], 0)).toBe(0);
  });
});

describe('responseBytes', () => {
  it('reads Content-Length, else the body', async () => {
    expect(await responseBytes(new Response('abc', { headers: { 'content-length': '1234' } }))).toBe(1234);
    expect(await responseBytes(new Response('abcde'))).toBe(5);
    expect(await responseBytes(new Response('abcde', { headers: { 'content-length': 'lots' } }))).toBe(5);
  });
});

describe('enforceByteLimit', () => {
  it('deletes the oldest photos until the cache fits, and nothing when it fits', async () => {
    const cache = new MemoryCache();
    cache.put(url(1), 400);
    cache.put(url(2), 300);
    cache.put(url(3), 200);
    expect(await enforceByteLimit(cache, 900)).toEqual([]);
    cache.put(url(4), 250);
    expect(await enforceByteLimit(cache, 900)).toEqual([url(1)]);
    expect(cache.urls()).toEqual([url(2), url(3), url(4)]);
  });

  it('counts bodies without a Content-Length by their bytes, and takes a re-put photo as the newest', async () => {
    const cache = new MemoryCache();
    cache.put(url(1), 500, {});
    cache.put(url(2), 500, {});
    cache.put(url(1), 500, {});
    expect(await enforceByteLimit(cache, 600)).toEqual([url(2)]);
    expect(cache.urls()).toEqual([url(1)]);
  });
});

describe('enforceByteLimit with remembered sizes', () => {
  it('reads each photo once, and forgets the ones it deletes', async () => {
    const cache = new MemoryCache();
    const reads: string[] = [];
    const counting: CacheLike = { keys: () => cache.keys(), delete: (r) => cache.delete(r), match: (r) => (reads.push(r instanceof Request ? r.url : String(r)), cache.match(r)) };
    const known = new Map<string, number>();
    cache.put(url(1), 300);
    cache.put(url(2), 300);
    await enforceByteLimit(counting, 1000, known);
    cache.put(url(3), 300);
    cache.put(url(4), 300);
    expect(await enforceByteLimit(counting, 1000, known)).toEqual([url(1)]);
    expect(reads).toEqual([url(1), url(2), url(3), url(4)]);
    expect([...known.keys()]).toEqual([url(2), url(3), url(4)]);
  });
});

describe('ByteLimitPlugin', () => {
  it('keeps the named cache within its limit after each update, one pass at a time', async () => {
    const cache = new MemoryCache();
    const opened: string[] = [];
    const plugin = new ByteLimitPlugin(1000, (name) => {
      opened.push(name);
      return Promise.resolve(cache);
    });
    const update = () => plugin.cacheDidUpdate?.({ cacheName: 'staykeep-photos', request: new Request(url(9)), newResponse: new Response(''), event: new Event('fetch') as ExtendableEvent });
    for (let n = 1; n <= 5; n += 1) cache.put(url(n), 300);
    await Promise.all([update(), update()]);
    expect(opened).toEqual(['staykeep-photos', 'staykeep-photos']);
    expect(cache.urls()).toEqual([url(3), url(4), url(5)]);
  });

  it('keeps working after a failed pass', async () => {
    const cache = new MemoryCache();
    let fail = true;
    const plugin = new ByteLimitPlugin(100, () => (fail ? Promise.reject(new Error('no cache')) : Promise.resolve(cache)));
    const update = () => plugin.cacheDidUpdate?.({ cacheName: 'photos', request: new Request(url(1)), newResponse: new Response(''), event: new Event('fetch') as ExtendableEvent });
    await expect(update()).rejects.toThrow('no cache');
    fail = false;
    cache.put(url(1), 80);
    cache.put(url(2), 80);
    await update();
    expect(cache.urls()).toEqual([url(2)]);
  });
});
