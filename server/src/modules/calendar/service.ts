/**
 * Calendar sync of one feed: fetch (network, outside any transaction), parse, then reconcile in one
 * transaction. A failure at any step records the feed's last_error and changes nothing already
 * imported. The job runner and the scheduled poll call this; they own the job rows, the 95 % step
 * (notifications) and completion.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { SYNC_JOB_UNKNOWN_ERROR } from '../../../../shared/messages';
import { calendarFeeds, properties } from '../../../../shared/schema/tables';
import type { Db } from '../../db';
import { FeedFetchError, fetchFeed, type FetchFeedOptions } from '../../integrations/ical/fetch';
import { IcalParseError, dateInZone, parseIcalFeed } from '../../integrations/ical/parse';
import { recordFeedFailure, reconcileFeed, type ReconcileResult } from '../../integrations/ical/reconcile';

export type SyncProgress = (progress: number, message: string) => void;

export type SyncFeedOptions = {
  now?: () => Date;
  fetch?: FetchFeedOptions;
  /** Called at 20 (fetching), 40 (fetched), 60 (parsed) and 80 (imported). */
  onProgress?: SyncProgress;
};

export type SyncFeedOutcome =
  | { ok: true; result: ReconcileResult; warnings: string[]; bytes: number }
  | { ok: false; error: string; code: FeedFetchError['code'] | 'parse' | 'not-found' | 'unknown' };

function zoneOrUtc(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The property's "today": stay dates and the sync window are in the property's timezone. */
export function propertyToday(timezone: string, now: Date): string {
  return dateInZone(now.getTime(), zoneOrUtc(timezone));
}

function loadFeedAndProperty(db: Db, feedId: string) {
  const feed = db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), isNull(calendarFeeds.deleted_at)))
    .get();
  if (!feed) return null;
  const property = db
    .select({ id: properties.id, timezone: properties.timezone })
    .from(properties)
    .where(and(eq(properties.id, feed.property_id), isNull(properties.deleted_at)))
    .get();
  return property ? { feed, property } : null;
}

export async function syncFeed(db: Db, feedId: string, options: SyncFeedOptions = {}): Promise<SyncFeedOutcome> {
  const clock = options.now ?? (() => new Date());
  const progress: SyncProgress = options.onProgress ?? (() => undefined);
  const loaded = loadFeedAndProperty(db, feedId);
  if (!loaded) return { ok: false, error: 'Calendar feed not found', code: 'not-found' };
  const { feed, property } = loaded;
  const timezone = zoneOrUtc(property.timezone);

  const fail = (error: string, code: Exclude<SyncFeedOutcome, { ok: true }>['code']): SyncFeedOutcome => {
    recordFeedFailure(db, feedId, error, clock());
    return { ok: false, error, code };
  };
  try {
    progress(20, `Fetching the ${feed.platform} calendar`);
    const fetched = await fetchFeed(feed.ical_url, options.fetch);
    progress(40, 'Reading the calendar');
    const now = clock();
    const today = propertyToday(timezone, now);
    const parsed = parseIcalFeed(fetched.body, { timezone, today });
    progress(60, `Importing ${parsed.instances.length} events`);
    const result = reconcileFeed(db, feedId, parsed.instances, { now, today });
    progress(80, `${result.created} new, ${result.updated} changed, ${result.cancelled + result.removed} removed`);
    return { ok: true, result, warnings: parsed.warnings, bytes: fetched.body.length };
  } catch (error) {
    if (error instanceof FeedFetchError) return fail(error.message, error.code);
    if (error instanceof IcalParseError) return fail(error.message, 'parse');
    return fail(SYNC_JOB_UNKNOWN_ERROR, 'unknown');
  }
}
