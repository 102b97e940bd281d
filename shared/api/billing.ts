/**
 * The admin billing and dashboard routes' shapes (server/src/modules/billing/routes.ts), shared
 * with the admin screens. The history row and the revenue stats are spec §3's; the formulas are
 * in docs/decisions.md "Billing".
 */
import { z } from 'zod';

/**
 * An amount in one currency (ISO 4217). Booking money (gross, commission) comes as one of these
 * per currency, never added across currencies; subscription money is USD (spec).
 */
export const MoneySchema = z.object({ currency: z.string(), amount: z.number() });

/** Spec §9: the billing history lists at most 200 rows unless the caller asks for more (the CSV export). */
export const BILLING_HISTORY_LIMIT = 200;
export const BILLING_HISTORY_MAX_LIMIT = 5000;
/** The revenue chart covers this many calendar months, the current one last. */
export const REVENUE_CHART_MONTHS = 12;
/** A calendar feed without a successful fetch for this long is stale (the poll runs every 15 minutes). */
export const FEED_STALE_HOURS = 24;

const intText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be an integer from ${min} to ${max}`).max(max, `must be an integer from ${min} to ${max}`));

/** Spec §5 billing filters: status (all or a value), plan name substring, search, days back. */
export const BillingHistoryQuerySchema = z.object({
  status: z
    .string()
    .trim()
    .max(40, 'must be at most 40 characters')
    .regex(/^[A-Za-z_]*$/, 'must be all or a payment status such as COMPLETED')
    .optional()
    .describe('all (the default) or a payment status, e.g. COMPLETED; case-insensitive'),
  plan: z.string().trim().max(100, 'must be at most 100 characters').optional().describe('Part of the plan name, case-insensitive'),
  search: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe("Part of the host's name, e-mail or the transaction id, case-insensitive"),
  days: intText(1, 3650).optional().describe('Only payments of the last N days'),
  limit: intText(1, BILLING_HISTORY_MAX_LIMIT).optional().describe(`At most this many rows, newest first (default ${BILLING_HISTORY_LIMIT})`),
});
export type BillingHistoryQuery = z.input<typeof BillingHistoryQuerySchema>;

/** Spec §3 "derived billing history row": one payment with its subscription and host. */
export const BillingHistoryRowSchema = z.object({
  id: z.string(),
  hostId: z.string().nullable().describe('Host profile id'),
  hostName: z.string(),
  hostEmail: z.string(),
  subscriptionId: z.string().nullable(),
  planName: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  transactionId: z.string(),
  billingDate: z.string(),
  nextBillingDate: z.string().nullable().describe('One billing cycle after this payment, while the subscription is ACTIVE'),
  created: z.string(),
});
export type BillingHistoryRow = z.infer<typeof BillingHistoryRowSchema>;

export const BillingHistoryReplySchema = z.object({
  rows: z.array(BillingHistoryRowSchema),
  total: z.number().int().describe('Rows matching the filters (rows holds at most `limit` of them)'),
});
export type BillingHistoryReply = z.infer<typeof BillingHistoryReplySchema>;

export const MonthRevenueSchema = z.object({ month: z.string().describe('YYYY-MM'), revenue: z.number() });

/** Spec §3 revenue stats, with the formulas of spec §9; amounts in `currency`. */
export const RevenueStatsSchema = z.object({
  totalRevenue: z.number(),
  monthlyRevenue: z.number(),
  lastMonthRevenue: z.number(),
  activeSubscriptions: z.number().int(),
  totalHosts: z.number().int().describe('Distinct users with a subscription'),
  averageRevenuePerHost: z.number(),
  growthRate: z.number().describe('Percent change of this month over last month, 2 decimals; 0 when last month is 0'),
  currency: z.string(),
  revenueByMonth: z.array(MonthRevenueSchema),
});
export type RevenueStats = z.infer<typeof RevenueStatsSchema>;

/** At most this many failing or stale feeds and failing push deliveries are listed on the dashboard. */
export const DASHBOARD_ATTENTION_LIMIT = 20;

export const AttentionFeedSchema = z.object({
  id: z.string(),
  state: z.enum(['failing', 'stale']),
  hostName: z.string(),
  propertyName: z.string(),
  platform: z.string(),
  lastError: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
});

export const AttentionPushSchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  nextAttemptAt: z.string(),
});

/** The admin dashboard's figures, each counted in SQL (server/src/modules/billing/dashboard.ts). */
export const DashboardSchema = z.object({
  month: z.string().describe('The current calendar month (UTC), YYYY-MM'),
  hosts: z.object({ total: z.number().int(), active: z.number().int(), suspended: z.number().int(), newThisMonth: z.number().int() }),
  properties: z.number().int().describe('Live properties that are not archived'),
  bookingsThisMonth: z.number().int().describe('Bookings not cancelled whose check-in is this month'),
  grossBookingValueThisMonth: z.array(MoneySchema).describe("Totals of this month's check-ins not cancelled, one per booking currency"),
  commissionThisMonth: z.array(MoneySchema).describe("Commission of this month's check-ins not cancelled, one per booking currency"),
  commissionTotal: z.array(MoneySchema).describe('Commission of every booking not cancelled, one per booking currency'),
  subscriptions: RevenueStatsSchema.pick({
    monthlyRevenue: true,
    activeSubscriptions: true,
    growthRate: true,
    averageRevenuePerHost: true,
    currency: true,
  }),
  calendarFeeds: z.object({ failing: z.number().int(), stale: z.number().int() }),
  pushDeliveriesFailing: z.number().int(),
  uploads: z
    .object({ bytes: z.number().int(), files: z.number().int() })
    .describe('Size of the uploads directory: bytes and number of files (display copies and originals)'),
  /** The rows behind the last three figures (no other admin page lists them), oldest problem first. */
  attention: z.object({ feeds: z.array(AttentionFeedSchema), pushDeliveries: z.array(AttentionPushSchema) }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
