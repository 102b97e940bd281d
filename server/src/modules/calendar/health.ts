/**
 * Feed health: a calendar feed that failed three polls in a row, or has not been fetched
 * successfully for six hours, alerts its host once (a notification, and through it a Web Push to
 * the host's devices: notifications/service.ts `notifyMany`). The feed row keeps the state:
 * `consecutive_failures` (counted by integrations/ical/reconcile.ts, reset by a success) and
 * `health_alerted_at` (set here, cleared by the next success), so the host hears of it again only
 * after the feed recovered and failed anew. The scheduled poll (poll.ts) checks after each run.
 * The alert is in the host's language (the `server` catalog, server/src/i18n.ts `recipientFor`).
 */
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { calendarFeeds, hostProfiles, properties } from '../../../../shared/schema/tables';
import { SUSPENDED } from '../../actor';
import type { Db } from '../../db/index';
import { nowIso, transact, updateFields } from '../../db/write';
import { notifyMany, type NotifyInput } from '../notifications/service';
import { recipientFor, type Translate } from '../../i18n';

const FEEDS = requireTable(TABLE_IDS.calendar_feeds);

/** Failed polls in a row that make a feed unhealthy. */
export const FAILURES_BEFORE_ALERT = 3;
/** How long a feed may go without a successful fetch. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** The feeds alerted, and the Web Push deliveries queued for their hosts' devices (sent after commit). */
export type HealthSummary = { alerted: string[]; pushes: number };

/** Why a feed is unhealthy, in the host's words. */
function reasonOf(feed: { consecutive_failures: number; last_error: string | null }, t: Translate): string {
  if (feed.consecutive_failures >= FAILURES_BEFORE_ALERT) {
    const count = feed.consecutive_failures;
    return feed.last_error ? t('server.push.feedHealth.failedWithError', { count, error: feed.last_error }) : t('server.push.feedHealth.failed', { count });
  }
  return t('server.push.feedHealth.stale');
}

type UnhealthyFeed = { hostId: string; propertyId: string; platform: string; propertyName: string; userId: string; consecutive_failures: number; last_error: string | null };

/** The host's notification about one feed, in their language. */
function alertOf(feed: UnhealthyFeed, t: Translate): NotifyInput {
  return {
    userId: feed.userId,
    title: t('server.push.feedHealth.title', { platform: feed.platform, property: feed.propertyName }),
    message: t('server.push.feedHealth.body', { reason: reasonOf(feed, t), platform: feed.platform }),
    type: 'warning',
    hostId: feed.hostId,
    actionUrl: `/host/calendar?property=${encodeURIComponent(feed.propertyId)}`,
  };
}

/**
 * Alerts the host of every active feed that is failing or stale and whose host has not heard of it
 * since its last success; one transaction for the notifications and the flags. Suspended hosts'
 * feeds are not polled, so they are not judged either.
 */
export function alertUnhealthyFeeds(db: Db, now: Date): HealthSummary {
  const staleBefore = nowIso(new Date(now.getTime() - STALE_AFTER_MS));
  return transact(db, (tx) => {
    const feeds = tx
      .select({
        id: calendarFeeds.id,
        hostId: calendarFeeds.host_id,
        propertyId: calendarFeeds.property_id,
        platform: calendarFeeds.platform,
        consecutive_failures: calendarFeeds.consecutive_failures,
        last_error: calendarFeeds.last_error,
        propertyName: properties.property_name,
        userId: hostProfiles.user_id,
      })
      .from(calendarFeeds)
      .innerJoin(properties, eq(properties.id, calendarFeeds.property_id))
      .innerJoin(hostProfiles, eq(hostProfiles.id, calendarFeeds.host_id))
      .where(
        and(
          isNull(calendarFeeds.deleted_at),
          eq(calendarFeeds.is_active, true),
          isNull(calendarFeeds.health_alerted_at),
          isNull(properties.deleted_at),
          ne(hostProfiles.account_status, SUSPENDED),
          or(sql`${calendarFeeds.consecutive_failures} >= ${FAILURES_BEFORE_ALERT}`, lt(sql`coalesce(${calendarFeeds.last_success_at}, ${calendarFeeds.created_at})`, staleBefore)),
        ),
      )
      .all();
    // One lookup of each host's language, however many of their feeds fail.
    const readers = new Map<string, Translate>();
    const readerOf = (userId: string): Translate => {
      let t = readers.get(userId);
      if (!t) {
        t = recipientFor(tx, userId).t;
        readers.set(userId, t);
      }
      return t;
    };
    const inputs: NotifyInput[] = feeds.map((feed) => alertOf(feed, readerOf(feed.userId)));
    const notified = notifyMany(tx, inputs, now);
    for (const feed of feeds) updateFields(tx, FEEDS, feed.id, { health_alerted_at: nowIso(now) }, now);
    return { alerted: feeds.map((f) => f.id), pushes: notified.reduce((n, x) => n + x.deliveries, 0) };
  });
}
