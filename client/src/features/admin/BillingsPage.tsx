import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { BillingHistoryRow } from '../../../../shared/api/billing';
import { TABLE } from '../../data/tables';
import { useOnlineRows } from '../../data/use-rows';
import { errorText } from '../../api/http';
import { useFormat } from '../../lib/display';
import { monthLabel } from '../../lib/months';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Input, Select } from '../../components/ui/Input';
import { SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { Tabs } from '../../components/ui/Tabs';
import { useToast } from '../../components/ui/Toast';
import { BarChart, CHART_COLORS } from '../../components/charts/BarChart';
import { DataView, ListFooter } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../finances';
import {
  DAYS_OPTIONS,
  NO_BILLING_FILTERS,
  PAYMENT_STATUS_OPTIONS,
  activeBillingFilters,
  fetchBillingHistory,
  useBillingHistory,
  useRevenueStats,
  type BillingFilters,
} from './billing-api';
import './admin.css';

/** What the CSV export writes for each billing history row. */
export const BILLING_CSV_COLUMNS: readonly CsvColumn<BillingHistoryRow>[] = [
  { header: 'Billing date', value: (r) => r.billingDate },
  { header: 'Host', value: (r) => r.hostName },
  { header: 'E-mail', value: (r) => r.hostEmail },
  { header: 'Plan', value: (r) => r.planName },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Status', value: (r) => r.status },
  { header: 'Payment method', value: (r) => r.paymentMethod },
  { header: 'Transaction id', value: (r) => r.transactionId },
  { header: 'Subscription id', value: (r) => r.subscriptionId },
  { header: 'Next billing date', value: (r) => r.nextBillingDate },
];

/** Typing waits this long before the list is asked again. */
const TYPING_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The URL's search as the route validates it; empty filters are left out. */
export type BillingSearch = { status?: string; plan?: string; search?: string; days?: number };

function filtersOf(search: BillingSearch): BillingFilters {
  return { status: search.status ?? 'all', plan: search.plan ?? '', search: search.search ?? '', days: search.days !== undefined ? String(search.days) : '' };
}

function searchOf(f: BillingFilters): BillingSearch {
  return {
    ...(f.status && f.status !== 'all' ? { status: f.status } : {}),
    ...(f.plan ? { plan: f.plan } : {}),
    ...(f.search ? { search: f.search } : {}),
    ...(f.days ? { days: Number(f.days) } : {}),
  };
}

/**
 * Billing is read online only (spec §5 filters on the server, kept in the URL so that a link can
 * open the page filtered): the revenue stats, their chart by month, the billing history with a CSV
 * export of exactly the filtered rows, and the subscriptions.
 */
export function AdminBillingsPage({ search = {} }: { search?: BillingSearch }) {
  const format = useFormat();
  const navigate = useNavigate();
  const online = useOnlineOnly('billing');
  const [filters, setFilters] = useState<BillingFilters>(() => filtersOf(search));
  const typed = useDebounced(filters, TYPING_MS);
  // Choices apply at once; typing settles first.
  const asked: BillingFilters = { ...filters, plan: typed.plan, search: typed.search };
  const history = useBillingHistory(asked, online.available);
  const stats = useRevenueStats(online.available);
  const subscriptions = useOnlineRows(TABLE.paypal_subscriptions, { PageSize: 200, OrderByField: 'created_at', IsAsc: false }, { enabled: online.available });
  const { toast } = useToast();
  const [exporting, setExporting] = useState(false);

  const askedKey = JSON.stringify(searchOf(asked));
  useEffect(() => {
    void navigate({ to: '/admin/billings', search: JSON.parse(askedKey) as BillingSearch, replace: true });
  }, [askedKey, navigate]);

  const set = (field: keyof BillingFilters, value: string) => setFilters((f) => ({ ...f, [field]: value }));
  const active = activeBillingFilters(filters);

  const exportCsv = async () => {
    const reply = history.data;
    if (!reply) return;
    setExporting(true);
    try {
      // Exactly the filtered rows: all of them, not only the first page shown.
      const rows = reply.total > reply.rows.length ? (await fetchBillingHistory(asked, reply.total)).rows : reply.rows;
      downloadCsv(csvFileName('billing history', format.today()), toCsv(BILLING_CSV_COLUMNS, rows));
    } catch (error) {
      toast({ title: 'Export failed', description: errorText(error, 'The billing history could not be downloaded. Please try again.'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const currency = stats.data?.currency ?? 'USD';
  const money = (units: number) => format.money(units, currency);

  return (
    <Page title="Billings" description="Subscription payments received through PayPal, with the revenue they make.">
      <OnlineOnlyNote state={online} />
      {!online.available ? null : stats.status === 'error' ? (
        <ErrorState title="Could not load the revenue figures" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : stats.data ? (
        <>
          <section aria-label="Revenue" className="stat-grid billing-stats">
            <StatCard label="Total revenue" value={money(stats.data.totalRevenue)} hint="All completed payments" />
            <StatCard label="Revenue this month" value={money(stats.data.monthlyRevenue)} hint={`Last month ${money(stats.data.lastMonthRevenue)}`} tone="accent" />
            <StatCard
              label="Growth"
              value={`${stats.data.growthRate > 0 ? '+' : ''}${stats.data.growthRate.toFixed(2)}%`}
              hint="This month over last month"
              tone={stats.data.growthRate < 0 ? 'warning' : 'default'}
            />
            <StatCard label="Active subscriptions" value={stats.data.activeSubscriptions} hint={`${stats.data.totalHosts} subscribing host${stats.data.totalHosts === 1 ? '' : 's'}`} />
            <StatCard label="Average revenue per host" value={money(stats.data.averageRevenuePerHost)} hint="This month, per subscribing host" />
          </section>
          <Card>
            <CardHeader title="Revenue by month" description={`Completed payments in ${currency}, the last ${stats.data.revenueByMonth.length} months`} />
            <BarChart
              title="Subscription revenue by month"
              data={stats.data.revenueByMonth.map((m) => ({ label: monthLabel(m.month).slice(0, 3), revenue: m.revenue }))}
              series={[{ key: 'revenue', label: 'Revenue', color: CHART_COLORS.primary }]}
              format={money}
            />
            <Table
              caption="Revenue by month"
              rows={[...stats.data.revenueByMonth].reverse().filter((m) => m.revenue > 0)}
              rowKey={(m) => m.month}
              columns={[
                { key: 'month', header: 'Month', render: (m) => monthLabel(m.month) },
                { key: 'revenue', header: 'Revenue', align: 'end', render: (m) => money(m.revenue) },
              ]}
            />
          </Card>
        </>
      ) : (
        <SkeletonStats count={5} />
      )}

      <Card className="card--flush">
        <Tabs
          label="Billing"
          items={[
            {
              id: 'history',
              label: 'Billing history',
              content: (
                <>
                  <form className="billing-filters card__body" role="search" aria-label="Filter the billing history" onSubmit={(e) => e.preventDefault()}>
                    <Input label="Search" type="search" placeholder="Host name, e-mail or transaction id" value={filters.search} onChange={(e) => set('search', e.target.value)} />
                    <Select
                      label="Status"
                      value={filters.status}
                      onChange={(e) => set('status', e.target.value)}
                      options={[{ value: 'all', label: 'All statuses' }, ...PAYMENT_STATUS_OPTIONS.map((s) => ({ value: s, label: humanize(s.toLowerCase()) }))]}
                    />
                    <Input label="Plan" placeholder="e.g. Pro" value={filters.plan} onChange={(e) => set('plan', e.target.value)} />
                    <Select
                      label="Period"
                      value={filters.days}
                      onChange={(e) => set('days', e.target.value)}
                      options={[
                        { value: '', label: 'All time' },
                        ...[...DAYS_OPTIONS, ...(filters.days && !DAYS_OPTIONS.some((d) => String(d) === filters.days) ? [Number(filters.days)] : [])].map((d) => ({
                          value: String(d),
                          label: `Last ${d} days`,
                        })),
                      ]}
                    />
                    {active ? (
                      <Button variant="ghost" onClick={() => setFilters(NO_BILLING_FILTERS)}>
                        Clear {active} filter{active === 1 ? '' : 's'}
                      </Button>
                    ) : null}
                  </form>
                  {!online.available ? null : history.status === 'error' ? (
                    <ErrorState error={history.error} onRetry={() => void history.refetch()} />
                  ) : !history.data ? (
                    <SkeletonRows columns={5} label="Loading the billing history" />
                  ) : history.data.total === 0 ? (
                    active ? (
                      <EmptyState
                        title="No payment matches these filters"
                        action={
                          <Button variant="secondary" onClick={() => setFilters(NO_BILLING_FILTERS)}>
                            Clear filters
                          </Button>
                        }
                      />
                    ) : (
                      <EmptyState title="No payments yet">Payments appear when hosts pay for their plans.</EmptyState>
                    )
                  ) : (
                    <>
                      <div className="billing-summary">
                        <p aria-live="polite">
                          {history.data.total} payment{history.data.total === 1 ? '' : 's'}
                          {history.isFetching ? ' (updating…)' : ''}
                        </p>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => void exportCsv()}
                          disabled={exporting}
                          aria-label={`Export CSV: download the ${history.data.total} filtered payments as a CSV file`}
                        >
                          {exporting ? 'Exporting…' : 'Export CSV'}
                        </Button>
                      </div>
                      <Table
                        caption="Billing history"
                        rows={history.data.rows}
                        rowKey={(r) => r.id}
                        columns={[
                          { key: 'date', header: 'Date', render: (r) => format.dateTime(r.billingDate) },
                          {
                            key: 'host',
                            header: 'Host',
                            render: (r) => (
                              <div className="cell-stack">
                                <span className="cell-strong">{r.hostName || '—'}</span>
                                <span className="cell-muted">{r.hostEmail}</span>
                              </div>
                            ),
                          },
                          { key: 'plan', header: 'Plan', render: (r) => r.planName || '—' },
                          { key: 'amount', header: 'Amount', align: 'end', render: (r) => format.money(r.amount, r.currency) },
                          { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status.toLowerCase()} /> },
                          { key: 'transaction', header: 'Transaction', secondary: true, render: (r) => r.transactionId || '—' },
                          { key: 'next', header: 'Next billing', secondary: true, render: (r) => (r.nextBillingDate ? format.date(r.nextBillingDate) : '—') },
                        ]}
                      />
                      <ListFooter shown={history.data.rows.length} total={history.data.total} />
                    </>
                  )}
                </>
              ),
            },
            {
              id: 'subscriptions',
              label: 'Subscriptions',
              content: !online.available ? null : (
                <DataView result={subscriptions} empty={{ title: 'No subscriptions yet' }}>
                  {(rows) => (
                    <Table
                      caption="Subscriptions"
                      rows={rows}
                      rowKey={(s) => s.id}
                      columns={[
                        { key: 'plan', header: 'Plan', render: (s) => s.plan_name || '—' },
                        { key: 'cycle', header: 'Billing', render: (s) => s.billing_cycle },
                        { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.subscription_status.toLowerCase()} /> },
                        { key: 'start', header: 'Started', render: (s) => (s.start_time ? format.dateTime(s.start_time) : '—') },
                        { key: 'id', header: 'PayPal id', secondary: true, render: (s) => s.paypal_subscription_id },
                      ]}
                    />
                  )}
                </DataView>
              ),
            },
          ]}
        />
      </Card>
    </Page>
  );
}
