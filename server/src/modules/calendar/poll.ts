/**
 * The scheduled iCal poll (every 15 minutes by default): every active feed not fetched within the
 * interval is synced (except a suspended host's), a few at a time, without job rows (jobs are what a host starts and watches).
 * Clashes raise the same notifications as a manual sync. The scheduler owns timing, jitter and the
 * database lease; this is the plain function it (and `POST /api/admin/jobs/ical-poll`) calls.
 */
import { and, asc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { calendarFeeds, hostProfiles, properties } from '../../../../shared/schema/tables';
import { SUSPENDED } from '../../actor';
import type { Db } from '../../db';
import { nowIso } from '../../db/write';
import type { FetchFeedOptions } from '../../integrations/ical/fetch';
import { alertUnhealthyFeeds } from './health';
import { notifyClashes } from './jobs';
import { syncFeed } from './service';

export const DEFAULT_POLL_INTERVAL_MS = 15 * 60 * 1000;

export type PollOptions = {
  now: () => Date;
  fetch?: FetchFeedOptions;
  intervalMs?: number;
  /** Feeds fetched at the same time (they mostly wait on the network). */
  concurrency?: number;
  /** At most this many feeds per run; the rest are due next time (oldest fetch first). */
  limit?: number;
};

export type PollSummary = {
  due: number;
  succeeded: number;
  failed: number;
  notifications: number;
  feedIds: string[];
  /** Feeds whose host was alerted by this run that they fail or went stale (health.ts). */
  healthAlerts: string[];
  /** Web Push deliveries queued for those alerts. */
  healthPushes: number;
};

export async function pollFeeds(db: Db, options: PollOptions): Promise<PollSummary> {
  const interval = options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const cutoff = nowIso(new Date(options.now().getTime() - interval));
  const due = db
    .select({ id: calendarFeeds.id, propertyName: properties.property_name })
    .from(calendarFeeds)
    .innerJoin(properties, eq(properties.id, calendarFeeds.property_id))
    .innerJoin(hostProfiles, eq(hostProfiles.id, calendarFeeds.host_id))
    .where(
      and(
        isNull(calendarFeeds.deleted_at),
        // A suspended host's feeds wait: they are due again at the first run after reactivation.
        ne(hostProfiles.account_status, SUSPENDED),
        eq(calendarFeeds.is_active, true),
        isNull(properties.deleted_at),
        or(isNull(calendarFeeds.last_fetched_at), lt(calendarFeeds.last_fetched_at, cutoff)),
      ),
    )
    .orderBy(asc(calendarFeeds.last_fetched_at), asc(calendarFeeds.id))
    .limit(options.limit ?? 10_000)
    .all();
  const summary: PollSummary = { due: due.length, succeeded: 0, failed: 0, notifications: 0, feedIds: due.map((f) => f.id), healthAlerts: [], healthPushes: 0 };
  const queue = [...due];
  const worker = async () => {
    for (let feed = queue.shift(); feed; feed = queue.shift()) {
      const outcome = await syncFeed(db, feed.id, { now: options.now, fetch: options.fetch });
      if (!outcome.ok) {
        summary.failed += 1;
        continue;
      }
      summary.succeeded += 1;
      summary.notifications += notifyClashes(db, outcome.result, feed.propertyName, options.now()).length;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  const health = alertUnhealthyFeeds(db, options.now());
  summary.healthAlerts = health.alerted;
  summary.healthPushes = health.pushes;
  return summary;
}
