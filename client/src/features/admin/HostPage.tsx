import { amountsOf } from '../../../../shared/money';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { HostDetail } from '../../../../shared/api/admin';
import { ApiError } from '../../api/http';
import { MoneyFigures, useFormat } from '../../lib/display';
import { sourceLabel } from '../../lib/source-label';
import { Page } from '../../components/layout/Page';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { EmailAddress } from '../../components/ui/EmailAddress';
import { Card, CardBody, CardHeader, StatCard } from '../../components/ui/Card';
import { FormMessage } from '../../components/ui/Field';
import { SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useHostDetail } from './admin-api';
import { PlanDialog, StatusDialog, hostTitle } from './HostActions';
import { ResetTwoStepButton } from '../two-step';
import { useT } from '../../i18n/use-t';
import { useTaskLabels } from '../tasks';
import './admin.css';

function BackToHosts() {
  const t = useT();
  return (
    <Link to="/admin/hosts" className="text-link admin-back">
      ← {t('admin.common.allHosts')}
    </Link>
  );
}

type Feed = HostDetail['feeds'][number];

function FeedHealth({ feed }: { feed: Feed }) {
  const t = useT();
  if (!feed.is_active) return <Badge>{t('admin.host.paused')}</Badge>;
  if (feed.last_error) return <Badge tone="danger">{t('admin.common.failing')}</Badge>;
  if (feed.last_success_at) return <Badge tone="success">{t('admin.host.inSync')}</Badge>;
  return <Badge tone="info">{t('admin.host.notSynced')}</Badge>;
}

/** One host's page in the admin console: profile, properties, bookings and commission, staff, calendar feeds; plan and status actions. */
export function AdminHostPage({ hostId }: { hostId: string }) {
  const format = useFormat();
  const t = useT();
  const labels = useTaskLabels();
  const result = useHostDetail(hostId);
  const [dialog, setDialog] = useState<'plan' | 'status' | null>(null);

  if (result.status === 'pending') {
    return (
      <Page title={t('admin.column.host')}>
        <BackToHosts />
        <SkeletonStats hints />
        <SkeletonRows rows={6} columns={2} />
      </Page>
    );
  }
  if (result.status === 'error') {
    const missing = result.error instanceof ApiError && result.error.status === 404;
    return (
      <Page title={missing ? t('admin.host.notFound') : t('admin.column.host')}>
        <BackToHosts />
        {missing ? (
          <EmptyState
            title={t('admin.host.missing')}
            action={
              <Link to="/admin/hosts" className="btn btn--secondary btn--md">
                <span>{t('admin.host.backToHosts')}</span>
              </Link>
            }
          />
        ) : (
          <ErrorState error={result.error} onRetry={() => void result.refetch()} />
        )}
      </Page>
    );
  }

  const { host, properties, totals, recentBookings, staff, feeds } = result.data;
  const suspended = host.account_status === 'suspended';
  const failing = feeds.filter((f) => f.is_active && f.last_error).length;

  return (
    <Page
      title={hostTitle(host, t)}
      description={`${host.name} · ${host.email}`}
      actions={
        <div className="button-group">
          <Button variant="secondary" onClick={() => setDialog('plan')}>
            {t('admin.common.changePlan')}
          </Button>
          <Button variant={suspended ? 'primary' : 'danger'} onClick={() => setDialog('status')}>
            {suspended ? t('admin.common.reactivate') : t('admin.common.suspend')}
          </Button>
        </div>
      }
    >
      <BackToHosts />
      {suspended ? (
        <FormMessage tone="warning" title={t('admin.host.suspendedTitle')}>
          {t('admin.host.suspendedText')}
        </FormMessage>
      ) : null}

      <div className="stat-grid">
        <StatCard label={t('admin.column.revenue')} value={<MoneyFigures list={amountsOf(totals.byCurrency, 'revenue')} />} hint={t('admin.host.revenueHint', { count: totals.bookings })} tone="accent" />
        <StatCard label={t('admin.column.commission')} value={<MoneyFigures list={amountsOf(totals.byCurrency, 'commission')} />} hint={t('admin.host.commissionHint', { rate: host.commission_rate })} />
        <StatCard label={t('admin.host.net')} value={<MoneyFigures list={amountsOf(totals.byCurrency, 'net')} />} />
        <StatCard label={t('admin.host.feeds')} value={feeds.length} hint={failing ? t('admin.host.failingCount', { count: failing }) : t('admin.host.noneFailing')} tone={failing ? 'danger' : 'default'} />
      </div>

      <div className="admin-sections">
        <Card>
          <CardHeader title={t('admin.host.profile')} />
          <CardBody>
            <dl className="admin-facts">
              <div>
                <dt>{t('admin.column.name')}</dt>
                <dd>{host.name || '—'}</dd>
              </div>
              <div>
                <dt>{t('admin.host.signInEmail')}</dt>
                <dd>
                  <EmailAddress address={host.email} />
                </dd>
              </div>
              <div>
                <dt>{t('admin.host.company')}</dt>
                <dd>{host.company_name || '—'}</dd>
              </div>
              <div>
                <dt>{t('admin.host.phone')}</dt>
                <dd>{host.phone_number || '—'}</dd>
              </div>
              <div>
                <dt>{t('admin.column.address')}</dt>
                <dd>{host.address || '—'}</dd>
              </div>
              <div>
                <dt>{t('admin.column.plan')}</dt>
                <dd>
                  {t('admin.host.planValue', { plan: humanize(host.subscription_tier), rate: host.commission_rate })}
                </dd>
              </div>
              <div>
                <dt>{t('admin.hosts.subscription')}</dt>
                <dd>
                  <StatusBadge status={host.subscription_status} />
                </dd>
              </div>
              <div>
                <dt>{t('admin.column.account')}</dt>
                <dd>
                  <StatusBadge status={host.account_status} />
                </dd>
              </div>
              <div>
                <dt>{t('admin.host.hostSince')}</dt>
                <dd>{host.created_date ? format.date(host.created_date) : '—'}</dd>
              </div>
              <div>
                <dt>{t('admin.common.twoStep')}</dt>
                <dd className="button-group">
                  <Badge tone={host.totp_enabled ? 'success' : 'neutral'}>{host.totp_enabled ? t('admin.common.on') : t('admin.common.off')}</Badge>
                  <ResetTwoStepButton userId={host.user_id} name={host.name || host.email} enabled={host.totp_enabled} onReset={() => void result.refetch()} />
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>

        <Card className="card--flush">
          <CardHeader title={t('admin.column.properties')} description={t('admin.host.propertiesDescription', { count: properties.length })} />
          {properties.length === 0 ? (
            <EmptyState title={t('admin.host.noProperties')} />
          ) : (
            <Table
              caption={t('admin.column.properties')}
              rows={properties}
              rowKey={(p) => p.id}
              columns={[
                { key: 'name', header: t('admin.host.property'), render: (p) => <span className="cell-strong">{p.property_name}</span> },
                { key: 'type', header: t('admin.host.type'), secondary: true, render: (p) => labels.propertyType(p.property_type) },
                { key: 'address', header: t('admin.column.address'), secondary: true, render: (p) => p.address || '—' },
                { key: 'price', header: t('admin.host.nightly'), align: 'end', render: (p) => format.money(p.base_price, p.currency) },
                { key: 'status', header: t('admin.column.status'), render: (p) => <StatusBadge status={p.status} /> },
              ]}
            />
          )}
        </Card>

        <Card className="card--flush">
          <CardHeader title={t('admin.host.bookingsTitle')} description={t('admin.host.bookingsDescription', { count: recentBookings.length, cancelled: totals.cancelled })} />
          {recentBookings.length === 0 ? (
            <EmptyState title={t('admin.host.noBookings')} />
          ) : (
            <Table
              caption={t('admin.host.latestBookings')}
              rows={recentBookings}
              rowKey={(b) => b.id}
              columns={[
                {
                  key: 'guest',
                  header: t('admin.host.guest'),
                  render: (b) => (
                    <div className="cell-stack">
                      <span className="cell-strong">{b.guest_name}</span>
                      <span className="cell-muted">{b.property_name || '—'}</span>
                    </div>
                  ),
                },
                { key: 'dates', header: t('admin.host.stay'), render: (b) => `${format.date(b.check_in_date)} – ${format.date(b.check_out_date)}` },
                { key: 'source', header: t('admin.host.source'), secondary: true, render: (b) => sourceLabel(b.booking_source) },
                { key: 'status', header: t('admin.column.status'), render: (b) => <StatusBadge status={b.booking_status} /> },
                { key: 'total', header: t('admin.host.total'), align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
                { key: 'commission', header: t('admin.column.commission'), align: 'end', render: (b) => format.money(b.commission_amount, b.currency) },
              ]}
            />
          )}
        </Card>

        <Card className="card--flush">
          <CardHeader title={t('admin.host.staff')} description={suspended ? t('admin.host.staffSuspended') : undefined} />
          {staff.length === 0 ? (
            <EmptyState title={t('admin.host.noStaff')} />
          ) : (
            <Table
              caption={t('admin.host.staff')}
              rows={staff}
              rowKey={(s) => s.id}
              columns={[
                { key: 'name', header: t('admin.column.name'), render: (s) => <span className="cell-strong">{s.staff_name}</span> },
                { key: 'email', header: t('admin.column.email'), render: (s) => s.staff_email || '—' },
                { key: 'account', header: t('admin.host.signIn'), render: (s) => (s.has_account ? t('admin.common.invited') : t('admin.host.notInvited')) },
                { key: 'status', header: t('admin.column.status'), render: (s) => <StatusBadge status={s.status} /> },
              ]}
            />
          )}
        </Card>

        <Card className="card--flush">
          <CardHeader title={t('admin.host.feeds')} description={suspended ? t('admin.host.feedsSuspended') : t('admin.host.feedsEvery')} />
          {feeds.length === 0 ? (
            <EmptyState title={t('admin.host.noFeeds')} />
          ) : (
            <Table
              caption={t('admin.host.feeds')}
              rows={feeds}
              rowKey={(f) => f.id}
              columns={[
                {
                  key: 'feed',
                  header: t('admin.column.feed'),
                  render: (f) => (
                    <div className="cell-stack">
                      <span className="cell-strong">{sourceLabel(f.platform)}</span>
                      <span className="cell-muted">{f.property_name || '—'}</span>
                    </div>
                  ),
                },
                { key: 'health', header: t('admin.host.health'), render: (f) => <FeedHealth feed={f} /> },
                { key: 'fetched', header: t('admin.host.lastFetched'), render: (f) => (f.last_fetched_at ? format.dateTime(f.last_fetched_at) : t('admin.common.never')) },
                { key: 'success', header: t('admin.column.lastSuccess'), secondary: true, render: (f) => (f.last_success_at ? format.dateTime(f.last_success_at) : t('admin.common.never')) },
                { key: 'events', header: t('admin.host.events'), align: 'end', secondary: true, render: (f) => f.event_count },
                { key: 'error', header: t('admin.column.error'), render: (f) => (f.last_error ? <span className="admin-error-text">{f.last_error}</span> : '—') },
              ]}
            />
          )}
        </Card>
      </div>

      <PlanDialog host={host} open={dialog === 'plan'} onClose={() => setDialog(null)} />
      <StatusDialog host={host} open={dialog === 'status'} onClose={() => setDialog(null)} />
    </Page>
  );
}
