/**
 * Calendar sync of one feed: fetch (network, outside any transaction), parse, then reconcile in one
 * transaction. A failure at any step records the feed's last_error and changes nothing already
 * imported. The job runner and the scheduled poll call this; they own the job rows, the 95 % step
 * (notifications) and completion. Its progress steps and errors (the job's message, the feed's
 * last_error) are in the language of the feed's host (`server.calendarSync.*` of the `server`
 * catalog), looked up once per sync.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { calendarFeeds, properties } from '../../../../shared/schema/tables';
import type { Db } from '../../db';
import { FeedFetchError, fetchFeed, type FetchFeedOptions } from '../../integrations/ical/fetch';
import { IcalParseError, dateInZone, parseIcalFeed } from '../../integrations/ical/parse';
import { recordFeedFailure, reconcileFeed, type ReconcileResult } from '../../integrations/ical/reconcile';
import { hostTranslator, say, english, type Translate } from '../../i18n';

export type SyncProgress = (progress: number, message: string) => void;

export type SyncFeedOptions = {
  now?: () => Date;
  fetch?: FetchFeedOptions;
  /** Called at 20 (fetching), 40 (fetched), 60 (parsed) and 80 (imported). */
  onProgress?: SyncProgress;
  /** The host's translate function when the caller has it already (the job runner); else looked up from the feed. */
  t?: Translate;
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

/** "3 new, 1 changed, 0 removed": what a sync changed, in the host's words. */
export function changesText(t: Translate, result: ReconcileResult): string {
  return t('server.calendarSync.changes', { created: result.created, updated: result.updated, removed: result.cancelled + result.removed });
}

export async function syncFeed(db: Db, feedId: string, options: SyncFeedOptions = {}): Promise<SyncFeedOutcome> {
  const clock = options.now ?? (() => new Date());
  const progress: SyncProgress = options.onProgress ?? (() => undefined);
  const loaded = loadFeedAndProperty(db, feedId);
  if (!loaded) return { ok: false, error: (options.t ?? english)('server.calendarSync.error.feedNotFound'), code: 'not-found' };
  const { feed, property } = loaded;
  const timezone = zoneOrUtc(property.timezone);
  const t = options.t ?? hostTranslator(db, feed.host_id);

  const fail = (error: string, code: Exclude<SyncFeedOutcome, { ok: true }>['code']): SyncFeedOutcome => {
    recordFeedFailure(db, feedId, error, clock());
    return { ok: false, error, code };
  };
  try {
    progress(20, t('server.calendarSync.fetching', { platform: feed.platform }));
    const fetched = await fetchFeed(feed.ical_url, options.fetch);
    progress(40, t('server.calendarSync.reading'));
    const now = clock();
    const today = propertyToday(timezone, now);
    const parsed = parseIcalFeed(fetched.body, { timezone, today });
    progress(60, t('server.calendarSync.importing', { count: parsed.instances.length }));
    const result = reconcileFeed(db, feedId, parsed.instances, { now, today });
    progress(80, changesText(t, result));
    return { ok: true, result, warnings: parsed.warnings, bytes: fetched.body.length };
  } catch (error) {
    if (error instanceof FeedFetchError) return fail(say(t, error.text), error.code);
    if (error instanceof IcalParseError) return fail(say(t, error.text), 'parse');
    return fail(t('server.calendarSync.error.unknown'), 'unknown');
  }
}
