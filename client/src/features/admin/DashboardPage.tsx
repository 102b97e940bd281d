import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { TABLE, type HostProfile } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { MoneyFigures, useFormat } from '../../lib/display';
import { monthLabel } from '../../lib/months';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Skeleton, SkeletonRows, SkeletonStat } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Badge } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';
import { sourceLabel } from '../../lib/source-label';
import { DataView } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { HostsTable } from './HostsTable';
import { useT } from '../../i18n/use-t';
import { useDashboard } from './billing-api';
import './admin.css';

/** The figures whose rows no other admin page lists open them here, further down. */
/** Bytes as megabytes with one decimal ("12.3", shown as "12.3 MB"). */
function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

const ATTENTION = { to: '/admin/dashboard', hash: 'attention' } as const;

type StatProps = { label: string; value: ReactNode; hint?: ReactNode; tone?: 'default' | 'accent' | 'warning' | 'danger' };

/** A figure that opens the page listing the rows behind it. */
function LinkedStat({ link, ...stat }: StatProps & { link: Pick<LinkProps, 'to' | 'search' | 'hash'> }) {
  return (
    <Link {...link} className="stat-link">
      <StatCard {...stat} />
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dashboard-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="stat-grid">{children}</div>
    </section>
  );
}

/**
 * The figures' place while they load, shaped like them (four sections of four figures, the
 * attention card), so that nothing below them moves when they come.
 */
function FiguresSkeleton() {
  const t = useT();
  return (
    <>
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('state.loading')}</span>
        {[0, 1, 2, 3].map((section) => (
          <section className="dashboard-section" key={section} aria-hidden="true">
            <h2>
              <Skeleton width="9rem" height="1.1rem" />
            </h2>
            <div className="stat-grid">
              {[0, 1, 2, 3].map((i) => (
                <SkeletonStat key={i} hint />
              ))}
            </div>
          </section>
        ))}
      </div>
      <Card className="card--flush">
        <CardHeader title={t('admin.dashboard.attention')} description={t('admin.dashboard.attentionDescription')} level={2} />
        <SkeletonRows rows={3} columns={3} />
      </Card>
    </>
  );
}

/**
 * The platform at a glance, from GET /api/admin/dashboard (online: the figures are counted on the
 * server over every host), each figure a link to the page that lists its rows.
 */
export function AdminDashboardPage() {
  const user = useCurrentUser();
  const format = useFormat();
  const t = useT();
  const online = useOnlineOnly(t('admin.dashboard.onlineWhat'));
  const figures = useDashboard(online.available);
  const hosts = useRows(TABLE.host_profiles, { PageSize: 5, OrderByField: 'created_date', IsAsc: false });

  let body: ReactNode;
  if (!online.available) body = <OnlineOnlyNote state={online} />;
  else if (figures.status === 'error') body = <ErrorState title={t('admin.dashboard.loadFailed')} error={figures.error} onRetry={() => void figures.refetch()} />;
  else if (!figures.data) body = <FiguresSkeleton />;
  else {
    const d = figures.data;
    const money = (units: number) => format.money(units, d.subscriptions.currency);
    const month = monthLabel(d.month);
    body = (
      <>
        <Section title={t('admin.hosts.title')}>
          <LinkedStat link={{ to: '/admin/hosts', search: { account_status: 'active' } }} label={t('admin.dashboard.activeHosts')} value={d.hosts.active} hint={t('admin.dashboard.inAll', { count: d.hosts.total })} tone="accent" />
          <LinkedStat link={{ to: '/admin/hosts', search: { account_status: 'suspended' } }} label={t('admin.dashboard.suspendedHosts')} value={d.hosts.suspended} tone={d.hosts.suspended > 0 ? 'warning' : 'default'} />
          <LinkedStat link={{ to: '/admin/hosts', search: { sort: '-created' } }} label={t('admin.dashboard.newThisMonth')} value={d.hosts.newThisMonth} hint={t('admin.dashboard.registeredIn', { month })} />
          <LinkedStat link={{ to: '/admin/hosts' }} label={t('admin.column.properties')} value={d.properties} hint={t('admin.dashboard.propertiesHint')} />
        </Section>
        <Section title={t('admin.dashboard.bookingsIn', { month })}>
          <LinkedStat link={{ to: '/admin/analytics' }} label={t('admin.column.bookings')} value={d.bookingsThisMonth} hint={t('admin.dashboard.bookingsHint')} />
          <LinkedStat link={{ to: '/admin/analytics' }} label={t('admin.common.grossBookingValue')} value={<MoneyFigures list={d.grossBookingValueThisMonth} />} hint={t('admin.dashboard.grossHint')} />
          <LinkedStat
            link={{ to: '/admin/analytics' }}
            label={t('admin.dashboard.commissionEarned')}
            value={<MoneyFigures list={d.commissionThisMonth} />}
            hint={t('admin.dashboard.commissionHint', { amount: format.moneyList(d.commissionTotal) })}
            tone="accent"
          />
        </Section>
        <Section title={t('admin.subscriptions.title')}>
          <LinkedStat
            link={{ to: '/admin/billings', search: { status: 'COMPLETED' } }}
            label={t('admin.dashboard.subscriptionRevenue')}
            value={money(d.subscriptions.monthlyRevenue)}
            hint={t('admin.dashboard.completedIn', { month })}
          />
          <LinkedStat link={{ to: '/admin/billings' }} label={t('admin.common.activeSubscriptions')} value={d.subscriptions.activeSubscriptions} />
          <LinkedStat
            link={{ to: '/admin/billings', search: { status: 'COMPLETED', days: 60 } }}
            label={t('admin.common.growth')}
            value={`${d.subscriptions.growthRate > 0 ? '+' : ''}${d.subscriptions.growthRate.toFixed(2)}%`}
            hint={t('admin.dashboard.growthHint')}
            tone={d.subscriptions.growthRate < 0 ? 'warning' : 'default'}
          />
          <LinkedStat
            link={{ to: '/admin/billings', search: { status: 'COMPLETED', days: 31 } }}
            label={t('admin.common.averagePerHost')}
            value={money(d.subscriptions.averageRevenuePerHost)}
            hint={t('admin.common.averagePerHostHint')}
          />
        </Section>
        <Section title={t('admin.dashboard.integrations')}>
          <LinkedStat
            link={ATTENTION}
            label={t('admin.dashboard.feedsFailing')}
            value={d.calendarFeeds.failing}
            hint={t('admin.dashboard.feedsFailingHint')}
            tone={d.calendarFeeds.failing > 0 ? 'danger' : 'default'}
          />
          <LinkedStat
            link={ATTENTION}
            label={t('admin.dashboard.feedsStale')}
            value={d.calendarFeeds.stale}
            hint={t('admin.dashboard.feedsStaleHint')}
            tone={d.calendarFeeds.stale > 0 ? 'warning' : 'default'}
          />
          <LinkedStat
            link={ATTENTION}
            label={t('admin.dashboard.pushFailing')}
            value={d.pushDeliveriesFailing}
            hint={t('admin.dashboard.pushFailingHint')}
            tone={d.pushDeliveriesFailing > 0 ? 'warning' : 'default'}
          />
          <StatCard label={t('admin.dashboard.uploads')} value={t('admin.dashboard.uploadsValue', { size: megabytes(d.uploads.bytes), files: d.uploads.files })} hint={t('admin.dashboard.uploadsHint')} />
        </Section>
        <Card className="card--flush" id="attention" tabIndex={-1}>
          <CardHeader title={t('admin.dashboard.attention')} description={t('admin.dashboard.attentionDescription')} level={2} />
          {d.attention.feeds.length === 0 ? (
            <EmptyState title={t('admin.dashboard.feedsFine')}>{t('admin.dashboard.feedsFineText')}</EmptyState>
          ) : (
            <Table
              caption={t('admin.dashboard.feedsCaption')}
              showCaption
              rows={d.attention.feeds}
              rowKey={(f) => f.id}
              columns={[
                {
                  key: 'feed',
                  header: t('admin.column.feed'),
                  render: (f) => (
                    <div className="cell-stack">
                      <span className="cell-strong">{f.propertyName || '—'}</span>
                      <span className="cell-muted">
                        {f.hostName} · {sourceLabel(f.platform)}
                      </span>
                    </div>
                  ),
                },
                { key: 'state', header: t('admin.column.state'), render: (f) => <Badge tone={f.state === 'failing' ? 'danger' : 'warning'}>{f.state === 'failing' ? t('admin.common.failing') : t('admin.dashboard.stale')}</Badge> },
                { key: 'error', header: t('admin.column.lastError'), render: (f) => f.lastError ?? '—' },
                { key: 'success', header: t('admin.column.lastSuccess'), secondary: true, render: (f) => (f.lastSuccessAt ? format.dateTime(f.lastSuccessAt) : t('admin.common.never')) },
              ]}
            />
          )}
          {d.attention.pushDeliveries.length === 0 ? (
            <EmptyState title={t('admin.dashboard.pushFine')} />
          ) : (
            <Table
              caption={t('admin.dashboard.pushFailing')}
              showCaption
              rows={d.attention.pushDeliveries}
              rowKey={(p) => String(p.id)}
              columns={[
                { key: 'user', header: t('admin.column.to'), render: (p) => p.userEmail || '—' },
                { key: 'error', header: t('admin.column.lastError'), render: (p) => p.lastError },
                { key: 'attempts', header: t('admin.column.attempts'), align: 'end', render: (p) => p.attempts },
                { key: 'next', header: t('admin.column.nextTry'), secondary: true, render: (p) => format.dateTime(p.nextAttemptAt) },
              ]}
            />
          )}
        </Card>
      </>
    );
  }

  return (
    <Page title={t('admin.dashboard.title')} description={t('admin.dashboard.welcome', { name: user.Name || user.Email })}>
      {body}
      <Card className="card--flush">
        <CardHeader
          title={t('admin.dashboard.newestHosts')}
          actions={
            <Link to="/admin/hosts" className="text-link">
              {t('admin.common.allHosts')}
            </Link>
          }
        />
        <DataView result={hosts} empty={{ title: t('admin.hosts.emptyTitle'), text: t('admin.hosts.emptyText') }}>
          {(rows: HostProfile[]) => <HostsTable hosts={rows} caption={t('admin.dashboard.newestHosts')} />}
        </DataView>
      </Card>
    </Page>
  );
}
