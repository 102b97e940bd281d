import { useDeferredValue, useEffect, useState } from 'react';
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
import { StatusBadge } from '../../components/ui/Badge';
import { Input, Select } from '../../components/ui/Input';
import { Skeleton, SkeletonChart, SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
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
import { useT } from '../../i18n/use-t';
import './admin.css';

/** What the CSV export writes for each billing history row, its headers in the reader's language. */
export function billingCsvColumns(t: ReturnType<typeof useT>): readonly CsvColumn<BillingHistoryRow>[] {
  return [
    { header: t('admin.billings.csv.billingDate'), value: (r) => r.billingDate },
    { header: t('admin.billings.csv.host'), value: (r) => r.hostName },
    { header: t('admin.billings.csv.email'), value: (r) => r.hostEmail },
    { header: t('admin.billings.csv.plan'), value: (r) => r.planName },
    { header: t('admin.billings.csv.amount'), value: (r) => r.amount },
    { header: t('admin.billings.csv.currency'), value: (r) => r.currency },
    { header: t('admin.billings.csv.status'), value: (r) => r.status },
    { header: t('admin.billings.csv.paymentMethod'), value: (r) => r.paymentMethod },
    { header: t('admin.billings.csv.transactionId'), value: (r) => r.transactionId },
    { header: t('admin.billings.csv.subscriptionId'), value: (r) => r.subscriptionId },
    { header: t('admin.billings.csv.nextBillingDate'), value: (r) => r.nextBillingDate },
  ];
}

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
  const t = useT();
  const navigate = useNavigate();
  const online = useOnlineOnly(t('admin.billings.onlineWhat'));
  const [filters, setFilters] = useState<BillingFilters>(() => filtersOf(search));
  const typed = useDebounced(filters, TYPING_MS);
  // Choices apply at once; typing settles first.
  const asked: BillingFilters = { ...filters, plan: typed.plan, search: typed.search };
  const history = useBillingHistory(asked, online.available);
  // The payments (a page of them, up to a few thousand elements) come in a render that React slices
  // between the browser's own work, after the figures and the chart: not one long task. Their
  // count and their rows come together.
  const shown = useDeferredValue(history.data, undefined);
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
      downloadCsv(csvFileName('billing history', format.today()), toCsv(billingCsvColumns(t), rows));
    } catch (error) {
      toast({ title: t('admin.billings.exportFailed'), description: errorText(error, t('admin.billings.exportFailedText')), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const currency = stats.data?.currency ?? 'USD';
  const money = (units: number) => format.money(units, currency);

  return (
    <Page title={t('admin.billings.title')} description={t('admin.billings.description')}>
      <OnlineOnlyNote state={online} />
      {!online.available ? null : stats.status === 'error' ? (
        <ErrorState title={t('admin.billings.statsFailed')} error={stats.error} onRetry={() => void stats.refetch()} />
      ) : stats.data ? (
        <>
          <section aria-label={t('admin.column.revenue')} className="stat-grid billing-stats">
            <StatCard label={t('admin.billings.totalRevenue')} value={money(stats.data.totalRevenue)} hint={t('admin.billings.totalRevenueHint')} />
            <StatCard label={t('admin.billings.revenueThisMonth')} value={money(stats.data.monthlyRevenue)} hint={t('admin.billings.lastMonth', { amount: money(stats.data.lastMonthRevenue) })} tone="accent" />
            <StatCard
              label={t('admin.common.growth')}
              value={`${stats.data.growthRate > 0 ? '+' : ''}${stats.data.growthRate.toFixed(2)}%`}
              hint={t('admin.billings.growthHint')}
              tone={stats.data.growthRate < 0 ? 'warning' : 'default'}
            />
            <StatCard label={t('admin.common.activeSubscriptions')} value={stats.data.activeSubscriptions} hint={t('admin.billings.subscribingHosts', { count: stats.data.totalHosts })} />
            <StatCard label={t('admin.common.averagePerHost')} value={money(stats.data.averageRevenuePerHost)} hint={t('admin.common.averagePerHostHint')} />
          </section>
          <Card>
            <CardHeader title={t('admin.billings.revenueByMonth')} description={t('admin.billings.revenueByMonthDescription', { currency, count: stats.data.revenueByMonth.length })} />
            <BarChart
              title={t('admin.billings.chartTitle')}
              data={stats.data.revenueByMonth.map((m) => ({ label: monthLabel(m.month).slice(0, 3), revenue: m.revenue }))}
              series={[{ key: 'revenue', label: t('admin.column.revenue'), color: CHART_COLORS.primary }]}
              format={money}
            />
            <Table
              caption={t('admin.billings.revenueByMonth')}
              rows={[...stats.data.revenueByMonth].reverse().filter((m) => m.revenue > 0)}
              rowKey={(m) => m.month}
              columns={[
                { key: 'month', header: t('admin.column.month'), render: (m) => monthLabel(m.month) },
                { key: 'revenue', header: t('admin.column.revenue'), align: 'end', render: (m) => money(m.revenue) },
              ]}
            />
          </Card>
        </>
      ) : (
        // Shaped like what comes (the five figures, the chart's card), so the history below stays put.
        <>
          <SkeletonStats count={5} hints />
          <Card>
            <CardHeader title={t('admin.billings.revenueByMonth')} description={<Skeleton width="16rem" height="0.85rem" />} />
            <SkeletonChart />
            <SkeletonRows rows={8} columns={2} />
          </Card>
        </>
      )}

      <Card className="card--flush">
        <Tabs
          label={t('admin.billings.tabsLabel')}
          items={[
            {
              id: 'history',
              label: t('admin.billings.history'),
              content: (
                <>
                  <form className="billing-filters card__body" role="search" aria-label={t('admin.billings.filterLabel')} onSubmit={(e) => e.preventDefault()}>
                    <Input label={t('admin.hosts.search')} type="search" placeholder={t('admin.billings.searchPlaceholder')} value={filters.search} onChange={(e) => set('search', e.target.value)} />
                    <Select
                      label={t('admin.column.status')}
                      value={filters.status}
                      onChange={(e) => set('status', e.target.value)}
                      options={[{ value: 'all', label: t('admin.billings.allStatuses') }, ...PAYMENT_STATUS_OPTIONS.map((s) => ({ value: s, label: t('admin.enum.paymentStatus', { value: s }) }))]}
                    />
                    <Input label={t('admin.column.plan')} placeholder={t('admin.billings.planPlaceholder')} value={filters.plan} onChange={(e) => set('plan', e.target.value)} />
                    <Select
                      label={t('admin.billings.period')}
                      value={filters.days}
                      onChange={(e) => set('days', e.target.value)}
                      options={[
                        { value: '', label: t('admin.billings.allTime') },
                        ...[...DAYS_OPTIONS, ...(filters.days && !DAYS_OPTIONS.some((d) => String(d) === filters.days) ? [Number(filters.days)] : [])].map((d) => ({
                          value: String(d),
                          label: t('admin.billings.lastDays', { days: d }),
                        })),
                      ]}
                    />
                    {active ? (
                      <Button variant="ghost" onClick={() => setFilters(NO_BILLING_FILTERS)}>
                        {t('admin.common.clearCount', { count: active })}
                      </Button>
                    ) : null}
                  </form>
                  {!online.available ? null : history.status === 'error' ? (
                    <ErrorState error={history.error} onRetry={() => void history.refetch()} />
                  ) : !shown ? (
                    <SkeletonRows columns={5} label={t('admin.billings.loading')} />
                  ) : shown.total === 0 ? (
                    active ? (
                      <EmptyState
                        title={t('admin.billings.noMatch')}
                        action={
                          <Button variant="secondary" onClick={() => setFilters(NO_BILLING_FILTERS)}>
                            {t('admin.common.clearFilters')}
                          </Button>
                        }
                      />
                    ) : (
                      <EmptyState title={t('admin.billings.emptyTitle')}>{t('admin.billings.emptyText')}</EmptyState>
                    )
                  ) : (
                    <>
                      <div className="billing-summary">
                        <p aria-live="polite">
                          {t('admin.billings.count', { count: shown.total })}
                          {history.isFetching ? t('admin.billings.updating') : ''}
                        </p>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => void exportCsv()}
                          disabled={exporting}
                          aria-label={t('admin.billings.exportLabel', { count: shown.total })}
                        >
                          {exporting ? t('admin.billings.exporting') : t('admin.billings.export')}
                        </Button>
                      </div>
                      <Table
                        caption={t('admin.billings.history')}
                        rows={shown.rows}
                        rowKey={(r) => r.id}
                        columns={[
                          { key: 'date', header: t('admin.billings.date'), render: (r) => format.dateTime(r.billingDate) },
                          {
                            key: 'host',
                            header: t('admin.column.host'),
                            render: (r) => (
                              <div className="cell-stack">
                                <span className="cell-strong">{r.hostName || '—'}</span>
                                <span className="cell-muted">{r.hostEmail}</span>
                              </div>
                            ),
                          },
                          { key: 'plan', header: t('admin.column.plan'), render: (r) => r.planName || '—' },
                          { key: 'amount', header: t('admin.column.amount'), align: 'end', render: (r) => format.money(r.amount, r.currency) },
                          { key: 'status', header: t('admin.column.status'), render: (r) => <StatusBadge status={r.status.toLowerCase()} /> },
                          { key: 'transaction', header: t('admin.billings.transaction'), secondary: true, render: (r) => r.transactionId || '—' },
                          { key: 'next', header: t('admin.billings.nextBilling'), secondary: true, render: (r) => (r.nextBillingDate ? format.date(r.nextBillingDate) : '—') },
                        ]}
                      />
                      <ListFooter shown={shown.rows.length} total={shown.total} />
                    </>
                  )}
                </>
              ),
            },
            {
              id: 'subscriptions',
              label: t('admin.subscriptions.title'),
              content: !online.available ? null : (
                <DataView result={subscriptions} empty={{ title: t('admin.common.noSubscriptions') }}>
                  {(rows) => (
                    <Table
                      caption={t('admin.subscriptions.title')}
                      rows={rows}
                      rowKey={(s) => s.id}
                      columns={[
                        { key: 'plan', header: t('admin.column.plan'), render: (s) => s.plan_name || '—' },
                        { key: 'cycle', header: t('admin.column.billing'), render: (s) => s.billing_cycle },
                        { key: 'status', header: t('admin.column.status'), render: (s) => <StatusBadge status={s.subscription_status.toLowerCase()} /> },
                        { key: 'start', header: t('admin.column.started'), render: (s) => (s.start_time ? format.dateTime(s.start_time) : '—') },
                        { key: 'id', header: t('admin.column.paypalId'), secondary: true, render: (s) => s.paypal_subscription_id },
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
