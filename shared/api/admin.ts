/**
 * The admin console's own reads and commands (server/src/modules/hosts/routes.ts and
 * admins-routes.ts): the hosts list with search, filters, sort and paging; one host's page; the
 * admins a super admin manages. Both sides import these shapes.
 */
import { z } from 'zod';
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATUSES } from '../enums';
import { MoneySchema } from './billing';

/** Booking money of one currency: never added to another currency's (docs/decisions.md "Money"). */
export const CurrencyTotalsSchema = z.object({
  currency: z.string(),
  bookings: z.number(),
  revenue: z.number(),
  commission: z.number(),
  net: z.number(),
});
export type CurrencyTotals = z.infer<typeof CurrencyTotalsSchema>;

import { HOST_SORTS, type HostSort } from './host-sorts';

export { HOST_SORT_KEYS, HOST_SORTS, type HostSort, type HostSortKey } from './host-sorts';

export const HOSTS_PAGE_SIZE_MAX = 100;

/** `GET /api/admin/hosts` query. Empty parameters mean "any". */
export const HostListQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  tier: z.string().trim().max(100).optional(),
  account_status: z.union([z.enum(ACCOUNT_STATUSES), z.literal('')]).optional(),
  subscription_status: z.union([z.enum(SUBSCRIPTION_STATUSES), z.literal('')]).optional(),
  sort: z.enum(HOST_SORTS as unknown as [HostSort, ...HostSort[]]).default('-created'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(HOSTS_PAGE_SIZE_MAX).default(25),
});
export type HostListQuery = z.input<typeof HostListQuerySchema>;

/** One host as the list shows it: the profile with its user's name and sign-in e-mail. */
export const HostListRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  company_name: z.string(),
  phone_number: z.string(),
  subscription_tier: z.string(),
  subscription_status: z.string(),
  account_status: z.enum(ACCOUNT_STATUSES),
  commission_rate: z.number(),
  properties_count: z.number(),
  total_bookings: z.number(),
  /**
   * Revenue of the kept bookings, one amount per currency (the default first), summed from the
   * bookings. The profile's stored `total_revenue` counter adds currencies, so it is not sent.
   */
  revenue: z.array(MoneySchema),
  created_date: z.string().nullable(),
});
export type HostListRow = z.infer<typeof HostListRowSchema>;

export const HostListReplySchema = z.object({ rows: z.array(HostListRowSchema), total: z.number().int() });
export type HostListReply = z.infer<typeof HostListReplySchema>;

/** `GET /api/admin/hosts/:id`: everything a host's page shows. Money in currency units. */
export const HostDetailSchema = z.object({
  /** `totp_enabled`: the host's user has two-step sign-in on (an admin may reset it). */
  /** The profile; its money is in `totals.byCurrency`. */
  host: HostListRowSchema.omit({ revenue: true }).extend({ address: z.string(), totp_enabled: z.boolean() }),
  properties: z.array(
    z.object({ id: z.string(), property_name: z.string(), property_type: z.string(), address: z.string(), status: z.string(), base_price: z.number(), currency: z.string() }),
  ),
  /** Live bookings that are not cancelled: their count, revenue, the platform's commission and the host's net. */
  totals: z.object({
    bookings: z.number(),
    cancelled: z.number(),
    /** One entry per currency of the kept bookings (ISO 4217 order); amounts of two currencies are never added. */
    byCurrency: z.array(CurrencyTotalsSchema),
  }),
  /** The latest bookings by check-in, newest first (at most 10). */
  recentBookings: z.array(
    z.object({
      id: z.string(),
      property_name: z.string(),
      guest_name: z.string(),
      check_in_date: z.string(),
      check_out_date: z.string(),
      booking_status: z.string(),
      booking_source: z.string(),
      currency: z.string(),
      total_amount: z.number(),
      commission_amount: z.number(),
    }),
  ),
  staff: z.array(
    z.object({ id: z.string(), staff_name: z.string(), staff_email: z.string(), status: z.string(), has_account: z.boolean() }),
  ),
  feeds: z.array(
    z.object({
      id: z.string(),
      property_name: z.string(),
      platform: z.string(),
      is_active: z.boolean(),
      last_fetched_at: z.string().nullable(),
      last_success_at: z.string().nullable(),
      last_error: z.string().nullable(),
      event_count: z.number(),
    }),
  ),
});
export type HostDetail = z.infer<typeof HostDetailSchema>;

/** An admin as the Admins page lists it; `active` is false once deactivated. */
export const AdminUserSchema = z.object({
  ID: z.string(),
  Name: z.string(),
  Email: z.string(),
  Role: z.enum(['super_admin', 'admin']),
  CreateTime: z.string(),
  active: z.boolean(),
  /** Invited and not yet set a password. */
  invited: z.boolean(),
  /** Two-step sign-in is on (a super admin may reset it). */
  totp_enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminListReplySchema = z.object({ rows: z.array(AdminUserSchema) });

export const AdminInviteBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(320)),
  name: z.string().trim().min(1, 'is required').max(200),
});
export type AdminInviteBody = z.infer<typeof AdminInviteBodySchema>;

export const AdminStatusBodySchema = z.strictObject({ active: z.boolean() });
