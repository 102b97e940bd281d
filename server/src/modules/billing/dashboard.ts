/**
 * The admin dashboard's figures (GET /api/admin/dashboard), each counted in SQL over live rows.
 * What each one counts is described on DashboardSchema (shared/api/billing.ts); the subscription
 * figures are the revenue stats' (service.ts).
 */
import { DASHBOARD_ATTENTION_LIMIT, FEED_STALE_HOURS, type Dashboard } from '../../../../shared/api/billing';
import { fromMinor } from '../../../../shared/money';
import type { Db } from '../../db/index';
import { uploadsUsage } from '../properties/uploads';
import { ISO_UTC, monthBounds, revenueStats } from './service';

/** `dataDir`: the data directory whose uploads are measured (modules/properties/uploads.ts). */
export function dashboardFigures(db: Db, now: Date, dataDir: string): Dashboard {
  const { month, start, next } = monthBounds(now);
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - FEED_STALE_HOURS * 3_600_000).toISOString();
  const sql = db.$client;

  const hosts = sql
    .prepare(
      `SELECT
         COUNT(*) AS total,
         COUNT(CASE WHEN account_status = 'active' THEN 1 END) AS active,
         COUNT(CASE WHEN account_status = 'suspended' THEN 1 END) AS suspended,
         COUNT(CASE WHEN strftime(${ISO_UTC}, created_date) >= ? AND strftime(${ISO_UTC}, created_date) < ? THEN 1 END) AS newThisMonth
       FROM host_profiles WHERE deleted_at IS NULL`,
    )
    .get(start, next) as Dashboard['hosts'];

  const properties = (sql.prepare("SELECT COUNT(*) AS n FROM properties WHERE deleted_at IS NULL AND status <> 'archived'").get() as { n: number }).n;

  // Stay dates are YYYY-MM-DD text: this month's check-ins sort between its first day and the next
  // month's. Money is summed per booking currency (minor units of each), never across currencies.
  const perCurrency = sql
    .prepare(
      `SELECT
         currency,
         COUNT(CASE WHEN check_in_date >= ? AND check_in_date < ? THEN 1 END) AS n,
         COALESCE(SUM(CASE WHEN check_in_date >= ? AND check_in_date < ? THEN total_amount END), 0) AS gross,
         COALESCE(SUM(CASE WHEN check_in_date >= ? AND check_in_date < ? THEN commission_amount END), 0) AS commission,
         COALESCE(SUM(commission_amount), 0) AS commissionTotal
       FROM bookings WHERE deleted_at IS NULL AND booking_status <> 'cancelled'
       GROUP BY currency ORDER BY currency`,
    )
    .all(...Array.from({ length: 3 }, () => [start.slice(0, 10), next.slice(0, 10)]).flat()) as {
    currency: string;
    n: number;
    gross: number;
    commission: number;
    commissionTotal: number;
  }[];
  const thisMonth = perCurrency.filter((c) => c.n > 0);
  const money = (list: typeof perCurrency, key: 'gross' | 'commission' | 'commissionTotal') => list.map((c) => ({ currency: c.currency, amount: fromMinor(c[key], c.currency) }));

  // Failing: the last fetch failed. Stale: no error, but no successful fetch for FEED_STALE_HOURS
  // (never, for a feed older than that).
  const feeds = sql
    .prepare(
      `SELECT
         COUNT(CASE WHEN last_error IS NOT NULL THEN 1 END) AS failing,
         COUNT(CASE WHEN last_error IS NULL AND strftime(${ISO_UTC}, COALESCE(last_success_at, created_at)) < ? THEN 1 END) AS stale
       FROM calendar_feeds WHERE deleted_at IS NULL AND is_active = 1`,
    )
    .get(staleBefore) as Dashboard['calendarFeeds'];

  // Deliveries still being retried after a failed attempt (a delivered or expired one is gone or past).
  const pushFailing = (
    sql.prepare('SELECT COUNT(*) AS n FROM push_deliveries WHERE last_error IS NOT NULL AND expires_at > ?').get(nowIso) as { n: number }
  ).n;

  const feedList = sql
    .prepare(
      `SELECT f.id AS id,
         CASE WHEN f.last_error IS NOT NULL THEN 'failing' ELSE 'stale' END AS state,
         COALESCE(NULLIF(hp.company_name, ''), hp.email, '') AS hostName,
         COALESCE(p.property_name, '') AS propertyName,
         f.platform AS platform,
         f.last_error AS lastError,
         f.last_success_at AS lastSuccessAt
       FROM calendar_feeds f
       LEFT JOIN properties p ON p.id = f.property_id
       LEFT JOIN host_profiles hp ON hp.id = f.host_id
       WHERE f.deleted_at IS NULL AND f.is_active = 1
         AND (f.last_error IS NOT NULL OR strftime(${ISO_UTC}, COALESCE(f.last_success_at, f.created_at)) < ?)
       ORDER BY state, COALESCE(f.last_success_at, f.created_at), f.id
       LIMIT ?`,
    )
    .all(staleBefore, DASHBOARD_ATTENTION_LIMIT) as Dashboard['attention']['feeds'];

  const pushList = sql
    .prepare(
      `SELECT d.id AS id, COALESCE(u.Email, '') AS userEmail, d.attempts AS attempts, d.last_error AS lastError, d.next_attempt_at AS nextAttemptAt
       FROM push_deliveries d
       LEFT JOIN push_subscriptions s ON s.id = d.subscription_id
       LEFT JOIN users u ON u.ID = s.user_id
       WHERE d.last_error IS NOT NULL AND d.expires_at > ?
       ORDER BY d.created_at, d.id
       LIMIT ?`,
    )
    .all(nowIso, DASHBOARD_ATTENTION_LIMIT) as Dashboard['attention']['pushDeliveries'];

  const stats = revenueStats(db, now);
  return {
    month,
    hosts,
    properties,
    bookingsThisMonth: perCurrency.reduce((n, c) => n + c.n, 0),
    grossBookingValueThisMonth: money(thisMonth, 'gross'),
    commissionThisMonth: money(thisMonth, 'commission'),
    commissionTotal: money(perCurrency, 'commissionTotal'),
    subscriptions: {
      monthlyRevenue: stats.monthlyRevenue,
      activeSubscriptions: stats.activeSubscriptions,
      growthRate: stats.growthRate,
      averageRevenuePerHost: stats.averageRevenuePerHost,
      currency: stats.currency,
    },
    calendarFeeds: feeds,
    pushDeliveriesFailing: pushFailing,
    uploads: uploadsUsage(dataDir),
    attention: { feeds: feedList, pushDeliveries: pushList },
  };
}
