/**
 * The admin billing and dashboard reads (server/src/modules/billing/routes.ts), online only:
 * react-query keeps them for the session's usual 5 minutes (lib/query-client.ts).
 */
import { useQuery } from '@tanstack/react-query';
import {
  BILLING_HISTORY_MAX_LIMIT,
  BillingHistoryReplySchema,
  DashboardSchema,
  RevenueStatsSchema,
  type BillingHistoryReply,
  type Dashboard,
  type RevenueStats,
} from '../../../../shared/api/billing';
import { apiRequestAs } from '../../api/http';

/** The billing page's filters as the URL and the server take them (spec §5); '' is "any". */
export type BillingFilters = { status: string; plan: string; search: string; days: string };

export const NO_BILLING_FILTERS: BillingFilters = { status: 'all', plan: '', search: '', days: '' };

/** Payment statuses the provider reports for a sale. */
export const PAYMENT_STATUS_OPTIONS = ['COMPLETED', 'PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DENIED'] as const;

/** The "days back" choices. */
export const DAYS_OPTIONS = [7, 30, 90, 365] as const;

export function activeBillingFilters(f: BillingFilters): number {
  return [f.status !== 'all' && f.status !== '', f.plan.trim() !== '', f.search.trim() !== '', f.days !== ''].filter(Boolean).length;
}

/** The history URL for these filters; `limit` asks for more than the default 200 rows. */
export function billingHistoryPath(f: BillingFilters, limit?: number): string {
  const params = new URLSearchParams();
  if (f.status && f.status !== 'all') params.set('status', f.status);
  if (f.plan.trim()) params.set('plan', f.plan.trim());
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.days) params.set('days', f.days);
  if (limit !== undefined) params.set('limit', String(Math.min(limit, BILLING_HISTORY_MAX_LIMIT)));
  const query = params.toString();
  return `/api/admin/billing/history${query ? `?${query}` : ''}`;
}

export function fetchBillingHistory(f: BillingFilters, limit?: number, signal?: AbortSignal): Promise<BillingHistoryReply> {
  return apiRequestAs(billingHistoryPath(f, limit), BillingHistoryReplySchema, { signal });
}

export function useBillingHistory(f: BillingFilters, enabled: boolean) {
  return useQuery<BillingHistoryReply, Error>({
    queryKey: ['admin', 'billing', 'history', f],
    queryFn: ({ signal }) => fetchBillingHistory(f, undefined, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useRevenueStats(enabled: boolean) {
  return useQuery<RevenueStats, Error>({
    queryKey: ['admin', 'billing', 'revenue-stats'],
    queryFn: ({ signal }) => apiRequestAs('/api/admin/billing/revenue-stats', RevenueStatsSchema, { signal }),
    enabled,
  });
}

export function useDashboard(enabled: boolean) {
  return useQuery<Dashboard, Error>({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiRequestAs('/api/admin/dashboard', DashboardSchema, { signal }),
    enabled,
  });
}
