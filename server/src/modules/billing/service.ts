/**
 * Billing reads for the admin screens, each one SQL query over the payment-provider tables
 * (paypal_payments 23048, paypal_subscriptions 23047) joined to the users and host profiles they
 * name. The formulas (spec §9) and how currencies are treated: docs/decisions.md "Billing".
 *
 * Instants are compared in one form: `strftime(ISO_UTC, x)` turns any ISO 8601 instant (with `Z`
 * or an offset) into `YYYY-MM-DDTHH:MM:SS.SSSZ` in UTC, which sorts as text.
 */
import type { z } from 'zod';
import {
  BILLING_HISTORY_LIMIT,
  REVENUE_CHART_MONTHS,
  type BillingHistoryQuerySchema,
  type BillingHistoryReply,
  type BillingHistoryRow,
  type RevenueStats,
} from '../../../../shared/api/billing';
import { fromCents, roundCents } from '../../../../shared/money';
import type { Db } from '../../db/index';

export const ISO_UTC = "'%Y-%m-%dT%H:%M:%fZ'";

/** How a payment is paid: every payment of these tables comes through PayPal. */
export const PAYMENT_METHOD = 'PayPal';

/** The payment status that counts as revenue (spec §4: PAYMENT.SALE.COMPLETED). */
export const REVENUE_STATUS = 'COMPLETED';

export type BillingFilters = z.output<typeof BillingHistoryQuerySchema>;

/** The UTC calendar month of `now` and its neighbours, as instants and as `YYYY-MM`. */
export function monthBounds(now: Date): { month: string; start: string; next: string; lastStart: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const iso = (year: number, month: number) => new Date(Date.UTC(year, month, 1)).toISOString();
  return { month: iso(y, m).slice(0, 7), start: iso(y, m), next: iso(y, m + 1), lastStart: iso(y, m - 1) };
}

/** The last `count` calendar months up to the month of `now`, oldest first, as `YYYY-MM`. */
export function lastMonths(now: Date, count: number): string[] {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

/** `%` and `_` typed by the user match themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One row per live payment: its subscription (by the provider's subscription id), that
 * subscription's user and the user's host profile. A host's name is the user's name, else the
 * profile's company name.
 */
const HISTORY_ROWS = `
  WITH history AS (
    SELECT
      p.id AS id,
      (SELECT hp.id FROM host_profiles hp WHERE hp.user_id = s.user_id AND hp.deleted_at IS NULL ORDER BY hp.created_date, hp.id LIMIT 1) AS hostId,
      COALESCE(NULLIF(u.Name, ''), (SELECT hp.company_name FROM host_profiles hp WHERE hp.user_id = s.user_id AND hp.deleted_at IS NULL ORDER BY hp.created_date, hp.id LIMIT 1), '') AS hostName,
      COALESCE(u.Email, '') AS hostEmail,
      p.paypal_subscription_id AS subscriptionId,
      COALESCE(s.plan_name, '') AS planName,
      p.amount AS amountCents,
      p.currency_code AS currency,
      p.payment_status AS status,
      p.transaction_id AS transactionId,
      strftime(${ISO_UTC}, COALESCE(p.payment_time, p.created_at)) AS billingDate,
      CASE WHEN upper(s.subscription_status) = 'ACTIVE'
        THEN strftime(${ISO_UTC}, COALESCE(p.payment_time, p.created_at), CASE WHEN s.billing_cycle = 'yearly' THEN '+1 year' ELSE '+1 month' END)
      END AS nextBillingDate,
      p.created_at AS created
    FROM paypal_payments p
    LEFT JOIN paypal_subscriptions s ON s.paypal_subscription_id = p.paypal_subscription_id AND s.deleted_at IS NULL
    LEFT JOIN users u ON u.ID = s.user_id AND u.deleted_at IS NULL
    WHERE p.deleted_at IS NULL
  )`;

type HistoryDbRow = Omit<BillingHistoryRow, 'amount' | 'paymentMethod'> & { amountCents: number };

/** The spec §5 filters as a WHERE clause over the derived rows. */
function historyWhere(filters: BillingFilters, now: Date): { where: string; params: (string | number)[] } {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  const status = filters.status?.trim() ?? '';
  if (status !== '' && status.toLowerCase() !== 'all') {
    clauses.push('upper(status) = ?');
    params.push(status.toUpperCase());
  }
  if (filters.plan) {
    clauses.push("lower(planName) LIKE ? ESCAPE '\\'");
    params.push(likePattern(filters.plan));
  }
  if (filters.search) {
    const pattern = likePattern(filters.search);
    clauses.push("(lower(hostName) LIKE ? ESCAPE '\\' OR lower(hostEmail) LIKE ? ESCAPE '\\' OR lower(transactionId) LIKE ? ESCAPE '\\')");
    params.push(pattern, pattern, pattern);
  }
  if (filters.days !== undefined) {
    clauses.push('billingDate >= ?');
    params.push(new Date(now.getTime() - filters.days * 86_400_000).toISOString());
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Spec §3 billing history rows matching the spec §5 filters, newest first, with the count of all matches. */
export function billingHistory(db: Db, filters: BillingFilters, now: Date): BillingHistoryReply {
  const { where, params } = historyWhere(filters, now);
  const limit = filters.limit ?? BILLING_HISTORY_LIMIT;
  const nowIso = now.toISOString();
  const found = db.$client.prepare(`${HISTORY_ROWS} SELECT * FROM history ${where} ORDER BY billingDate DESC, id DESC LIMIT ?`).all(...params, limit) as HistoryDbRow[];
  const total = (db.$client.prepare(`${HISTORY_ROWS} SELECT count(*) AS n FROM history ${where}`).get(...params) as { n: number }).n;
  const rows = found.map(({ amountCents, ...row }): BillingHistoryRow => ({
    ...row,
    amount: fromCents(amountCents),
    paymentMethod: PAYMENT_METHOD,
    billingDate: row.billingDate ?? row.created,
    // One cycle after this payment, while the subscription is active and that day is still ahead.
    nextBillingDate: row.nextBillingDate !== null && row.nextBillingDate > nowIso ? row.nextBillingDate : null,
  }));
  return { rows, total };
}

/** The platform's currency (platform setting `currency`, USD by default): revenue counts payments in it. */
export function platformCurrency(db: Db): string {
  const row = db.$client
    .prepare("SELECT setting_value AS value FROM platform_settings WHERE setting_key = 'currency' AND deleted_at IS NULL ORDER BY id LIMIT 1")
    .get() as { value: string } | undefined;
  const value = row?.value.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(value) ? value : 'USD';
}

/** Percent change from `last` to `current`, rounded to 2 decimals; 0 when `last` is 0 (spec §9). */
export function growthRate(currentCents: number, lastCents: number): number {
  if (lastCents === 0) return 0;
  return roundCents(((currentCents - lastCents) / lastCents) * 100 * 100) / 100;
}

/** Spec §3 revenue stats with the spec §9 formulas, and the revenue of the last 12 months. */
export function revenueStats(db: Db, now: Date): RevenueStats {
  const currency = platformCurrency(db);
  const { start, next, lastStart } = monthBounds(now);
  const months = lastMonths(now, REVENUE_CHART_MONTHS);
  const chartStart = `${months[0] ?? start.slice(0, 7)}-01T00:00:00.000Z`;
  const revenue = `
    SELECT amount, strftime(${ISO_UTC}, COALESCE(payment_time, created_at)) AS billed
    FROM paypal_payments
    WHERE deleted_at IS NULL AND upper(payment_status) = ? AND upper(currency_code) = ?`;
  const sums = db.$client
    .prepare(
      `SELECT
         COALESCE(SUM(amount), 0) AS total,
         COALESCE(SUM(CASE WHEN billed >= ? AND billed < ? THEN amount END), 0) AS thisMonth,
         COALESCE(SUM(CASE WHEN billed >= ? AND billed < ? THEN amount END), 0) AS lastMonth
       FROM (${revenue})`,
    )
    .get(start, next, lastStart, start, REVENUE_STATUS, currency) as { total: number; thisMonth: number; lastMonth: number };
  const byMonth = db.$client
    .prepare(`SELECT substr(billed, 1, 7) AS month, SUM(amount) AS cents FROM (${revenue}) WHERE billed >= ? AND billed < ? GROUP BY month`)
    .all(REVENUE_STATUS, currency, chartStart, next) as { month: string; cents: number }[];
  const subs = db.$client
    .prepare(
      `SELECT
         COUNT(CASE WHEN upper(subscription_status) = 'ACTIVE' THEN 1 END) AS active,
         COUNT(DISTINCT user_id) AS hosts
       FROM paypal_subscriptions WHERE deleted_at IS NULL`,
    )
    .get() as { active: number; hosts: number };
  const cents = new Map(byMonth.map((r) => [r.month, r.cents]));
  return {
    totalRevenue: fromCents(sums.total),
    monthlyRevenue: fromCents(sums.thisMonth),
    lastMonthRevenue: fromCents(sums.lastMonth),
    activeSubscriptions: subs.active,
    totalHosts: subs.hosts,
    averageRevenuePerHost: subs.hosts > 0 ? fromCents(roundCents(sums.thisMonth / subs.hosts)) : 0,
    growthRate: growthRate(sums.thisMonth, sums.lastMonth),
    currency,
    revenueByMonth: months.map((month) => ({ month, revenue: fromCents(cents.get(month) ?? 0) })),
  };
}
