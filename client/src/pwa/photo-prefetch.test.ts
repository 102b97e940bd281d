import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaykeepDb } from '../db/db';
import { claimStore } from '../db/store';
import { testStore } from '../sync/test-db';
import { fillPhotoCache, isSparingData, MAX_FAILURES_IN_A_ROW, photosForStore, type PhotoSource } from './photo-prefetch';

const photo = (n: number) => `/uploads/${n.toString(16).padStart(32, '0')}.webp`;

/** A cache holding `cached` (url → bytes); fetches answer `sizes` (url → bytes, or an error). */
function source(cached: Record<string, number>, sizes: Record<string, number | Error>): PhotoSource & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    cachedBytes: (url) => Promise.resolve(cached[url] ?? null),
    fetchPhoto: (url) => {
      fetched.push(url);
      const size = sizes[url];
      if (size === undefined || size instanceof Error) return Promise.reject(size ?? new Error('404'));
      cached[url] = size;
      return Promise.resolve(size);
    },
  };
}

describe('fillPhotoCache', () => {
  it('fetches only the photos missing from the cache, in order', async () => {
    const s = source({ [photo(1)]: 100 }, { [photo(2)]: 200, [photo(3)]: 300 });
    const result = await fillPhotoCache([photo(1), photo(2), photo(3)], s, 10_000);
    expect(s.fetched).toEqual([photo(2), photo(3)]);
    expect(result).toEqual({ fetched: [photo(2), photo(3)], failed: [], bytes: 600 });
    // A second run (the next sync) fetches nothing.
    expect((await fillPhotoCache([photo(1), photo(2), photo(3)], s, 10_000)).fetched).toEqual([]);
  });

  it('stops when the photos kept reach the budget, cached ones counted', async () => {
    const s = source({ [photo(1)]: 500 }, { [photo(2)]: 400, [photo(3)]: 10, [photo(4)]: 10 });
    const result = await fillPhotoCache([photo(1), photo(2), photo(3), photo(4)], s, 900);
    expect(result.fetched).toEqual([photo(2)]);
    expect(result.bytes).toBe(900);
    // A cached photo past the budget ends the run too: what follows is needed less.
    const full = source({ [photo(1)]: 800, [photo(2)]: 800 }, { [photo(3)]: 10 });
    expect(await fillPhotoCache([photo(1), photo(2), photo(3)], full, 1000)).toEqual({ fetched: [], failed: [], bytes: 800 });
  });

  it('skips a photo that fails, and gives up when the connection seems gone', async () => {
    const s = source({}, { [photo(1)]: new Error('404'), [photo(2)]: 50 });
    expect(await fillPhotoCache([photo(1), photo(2)], s, 1000)).toEqual({ fetched: [photo(2)], failed: [photo(1)], bytes: 50 });
    const offline = source({}, {});
    const urls = [1, 2, 3, 4, 5, 6].map(photo);
    const result = await fillPhotoCache(urls, offline, 1000);
    expect(offline.fetched).toHaveLength(MAX_FAILURES_IN_A_ROW);
    expect(result.failed).toEqual(urls.slice(0, MAX_FAILURES_IN_A_ROW));
  });
});

describe('isSparingData', () => {
  it('spares a Save-Data or metered connection', () => {
    expect(isSparingData({ saveData: true })).toBe(true);
    expect(isSparingData({ metered: true })).toBe(true);
    expect(isSparingData({ saveData: false })).toBe(false);
    expect(isSparingData(undefined)).toBe(false);
  });
});

describe('photosForStore', () => {
  let db: StaykeepDb;
  const user = { ID: 'u1', Name: 'Maria', Email: 'm@example.com', CreateTime: '2026-01-01T00:00:00Z', setupCompleted: true, totpEnabled: false };
  const now = new Date('2026-11-26T10:00:00Z');

  beforeEach(async () => {
    db = testStore().open();
    await db.open();
    await claimStore(db, 'u1');
    await db.rows('properties').bulkPut([
      { id: 'p1', version: 1, host_id: 'h1', status: 'active', images: [photo(1), photo(2)] },
      { id: 'p2', version: 1, host_id: 'h1', status: 'active', images: [photo(3)] },
    ]);
    await db.rows('housekeeping_tasks').bulkPut([
      { id: 't1', version: 1, host_id: 'h1', property_id: 'p2', task_status: 'pending', scheduled_date: '2026-11-27', due_date: null },
      { id: 't2', version: 1, host_id: 'h1', property_id: 'p1', task_status: 'pending', scheduled_date: '2026-12-20', due_date: null },
    ]);
  });
  afterEach(() => db.close());

  it("reads a housekeeper's week and a host's listings from the store", async () => {
    await db.setMeta('session', { token: 't', user: { ...user, Role: 'staff' }, demo: false });
    expect(await photosForStore(db, now, 'UTC')).toEqual([photo(3)]);
    await db.setMeta('session', { token: 't', user: { ...user, Role: 'host' }, demo: false });
    expect(await photosForStore(db, now, 'UTC')).toEqual([photo(1), photo(3), photo(2)]);
  });

  it('chooses nothing without a session, for a demo session or an admin', async () => {
    expect(await photosForStore(db, now, 'UTC')).toEqual([]);
    await db.setMeta('session', { token: null, user: { ...user, Role: 'host' }, demo: true });
    expect(await photosForStore(db, now, 'UTC')).toEqual([]);
    await db.setMeta('session', { token: 't', user: { ...user, Role: 'super_admin' }, demo: false });
    expect(await photosForStore(db, now, 'UTC')).toEqual([]);
  });
});
