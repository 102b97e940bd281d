/**
 * Filling the photo cache ahead of need (pwa/photo-cache.ts): the photos chosen by
 * pwa/photo-selection.ts from the rows on the device, most needed first, until the prefetch
 * budget is spent. Never on a connection the user asked to spare (Save-Data, or one the browser
 * calls metered). The page runs it when idle after each sync (pwa/after-pull.ts), the service
 * worker after a background refresh (pwa/sw-refresh.ts); each brings its own way to look in the
 * cache and to fetch.
 */
import type { StaykeepDb } from '../db/db';
import { todayIn } from '../../../shared/format/dates';
import { PHOTO_PREFETCH_BYTES, PHOTO_PREFETCH_LIMIT } from './photo-cache';
import { photosToKeep, type PhotoProperty, type PhotoTask } from './photo-selection';

export type PhotoSource = {
  /** The size of a photo in the cache, or null when it is not there. */
  cachedBytes: (url: string) => Promise<number | null>;
  /** Fetches a photo into the cache; answers its size, rejects when it could not. */
  fetchPhoto: (url: string) => Promise<number>;
};

export type FillResult = { fetched: string[]; failed: string[]; bytes: number };

/** After this many failures in a row the connection is taken to be gone: the rest waits for the next sync. */
export const MAX_FAILURES_IN_A_ROW = 3;

/** Fetches the photos missing from the cache, in order, while the photos kept fit in `budgetBytes`. */
export async function fillPhotoCache(urls: readonly string[], source: PhotoSource, budgetBytes = PHOTO_PREFETCH_BYTES): Promise<FillResult> {
  const result: FillResult = { fetched: [], failed: [], bytes: 0 };
  let failures = 0;
  for (const url of urls) {
    const cached = await source.cachedBytes(url);
    if (cached !== null) {
      if (result.bytes + cached > budgetBytes) break;
      result.bytes += cached;
      continue;
    }
    try {
      result.bytes += await source.fetchPhoto(url);
      result.fetched.push(url);
      failures = 0;
    } catch {
      result.failed.push(url);
      failures += 1;
      if (failures >= MAX_FAILURES_IN_A_ROW) break;
    }
    if (result.bytes >= budgetBytes) break;
  }
  return result;
}

type ConnectionHints = { saveData?: boolean; metered?: boolean };

/** Whether the user's connection should be spared downloads made ahead of need. */
export function isSparingData(connection: ConnectionHints | undefined): boolean {
  return connection?.saveData === true || connection?.metered === true;
}

function deviceTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The photos the signed-in user of `db` will need in the coming days, most needed first. */
export async function photosForStore(db: StaykeepDb, now = new Date(), timezone = deviceTimezone()): Promise<string[]> {
  const session = await db.getMeta('session');
  const role = session?.user.Role;
  if (!session || session.demo || (role !== 'staff' && role !== 'host')) return [];
  const [properties, tasks] = await Promise.all([db.rows('properties').toArray(), role === 'staff' ? db.rows('housekeeping_tasks').toArray() : []]);
  return photosToKeep({
    role,
    properties: properties as PhotoProperty[],
    tasks: tasks as unknown as PhotoTask[],
    today: todayIn(timezone, now),
    timezone,
    limit: PHOTO_PREFETCH_LIMIT,
  });
}
