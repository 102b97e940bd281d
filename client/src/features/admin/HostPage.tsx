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
import { Card, CardBody, CardHeader, StatCard } from '../../components/ui/Card';
import { FormMessage } from '../../components/ui/Field';
import { SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useHostDetail } from './admin-api';
import { PlanDialog, StatusDialog, hostTitle } from './HostActions';
import { ResetTwoStepButton } from '../two-step';
import './admin.css';

function BackToHosts() {
  return (
    <Link to="/admin/hosts" className="text-link admin-back">
      ← All hosts
    </Link>
  );
}

type Feed = HostDetail['feeds'][number];

function FeedHealth({ feed }: { feed: Feed }) {
  if (!feed.is_active) return <Badge>Paused</Badge>;
  if (feed.last_error) return <Badge tone="danger">Failing</Badge>;
  if (feed.last_success_at) return <Badge tone="success">In sync</Badge>;
  return <Badge tone="info">Not synced yet</Badge>;
}

/** One host's page in the admin console: profile, properties, bookings and commission, staff, calendar feeds; plan and status actions. */
export function AdminHostPage({ hostId }: { hostId: string }) {
  const format = useFormat();
  const result = useHostDetail(hostId);
  const [dialog, setDialog] = useState<'plan' | 'status' | null>(null);

  if (result.status === 'pending') {
    return (
      <Page title="Host">
        <BackToHosts />
        <SkeletonStats />
        <SkeletonRows rows={6} columns={2} />
      </Page>
    );
  }
  if (result.status === 'error') {
    const missing = result.error instanceof ApiError && result.error.status === 404;
    return (
      <Page title={missing ? 'Host not found' : 'Host'}>
        <BackToHosts />
        {missing ? (
          <EmptyState
            title="This host does not exist or was removed"
            action={
              <Link to="/admin/hosts" className="btn btn--secondary btn--md">
                <span>Back to hosts</span>
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
      title={hostTitle(host)}
      description={`${host.name} · ${host.email}`}
      actions={
        <div className="button-group">
          <Button variant="secondary" onClick={() => setDialog('plan')}>
            Change plan
          </Button>
          <Button variant={suspended ? 'primary' : 'danger'} onClick={() => setDialog('status')}>
            {suspended ? 'Reactivate' : 'Suspend'}
          </Button>
        </div>
      }
    >
      <BackToHosts />
      {suspended ? (
        <FormMessage tone="warning" title="This host is suspended">
          The host and its housekeepers cannot sign in, and its calendar feeds are not fetched, until it is reactivated.
        </FormMessage>
      ) : null}

      <div className="stat-grid">
        <StatCard label="Revenue" value={<MoneyFigures list={amountsOf(totals.byCurrency, 'revenue')} />} hint={`${totals.bookings} booking${totals.bookings === 1 ? '' : 's'}, cancelled ones not counted`} tone="accent" />
        <StatCard label="Commission" value={<MoneyFigures list={amountsOf(totals.byCurrency, 'commission')} />} hint={`At ${host.commission_rate}% now; each booking keeps the rate it was priced at`} />
        <StatCard label="Host's net" value={<MoneyFigures list={amountsOf(totals.byCurrency, 'net')} />} />
        <StatCard label="Calendar feeds" value={feeds.length} hint={failing ? `${failing} failing` : 'None failing'} tone={failing ? 'danger' : 'default'} />
      </div>

      <div className="admin-sections">
        <Card>
          <CardHeader title="Profile" />
          <CardBody>
            <dl className="admin-facts">
              <div>
                <dt>Name</dt>
                <dd>{host.name || '—'}</dd>
              </div>
              <div>
                <dt>Sign-in e-mail</dt>
                <dd>{host.email}</dd>
              </div>
              <div>
                <dt>Company</dt>
                <dd>{host.company_name || '—'}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{host.phone_number || '—'}</dd>
              </div>
              <div>
                <dt>Address</dt>
                <dd>{host.address || '—'}</dd>
              </div>
              <div>
                <dt>Plan</dt>
                <dd>
                  {humanize(host.subscription_tier)} · {host.commission_rate}% commission
                </dd>
              </div>
              <div>
                <dt>Subscription</dt>
                <dd>
                  <StatusBadge status={host.subscription_status} />
                </dd>
              </div>
              <div>
                <dt>Account</dt>
                <dd>
                  <StatusBadge status={host.account_status} />
                </dd>
              </div>
              <div>
                <dt>Host since</dt>
                <dd>{host.created_date ? format.date(host.created_date) : '—'}</dd>
              </div>
              <div>
                <dt>Two-step sign-in</dt>
                <dd className="button-group">
                  <Badge tone={host.totp_enabled ? 'success' : 'neutral'}>{host.totp_enabled ? 'On' : 'Off'}</Badge>
                  <ResetTwoStepButton userId={host.user_id} name={host.name || host.email} enabled={host.totp_enabled} onReset={() => void result.refetch()} />
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>

        <Card className="card--flush">
          <CardHeader title="Properties" description={`${properties.length} in all, archived ones included`} />
          {properties.length === 0 ? (
            <EmptyState title="No properties yet" />
          ) : (
            <Table
              caption="Properties"
              rows={properties}
              rowKey={(p) => p.id}
              columns={[
                { key: 'name', header: 'Property', render: (p) => <span className="cell-strong">{p.property_name}</span> },
                { key: 'type', header: 'Type', secondary: true, render: (p) => humanize(p.property_type) },
                { key: 'address', header: 'Address', secondary: true, render: (p) => p.address || '—' },
                { key: 'price', header: 'Nightly', align: 'end', render: (p) => format.money(p.base_price, p.currency) },
                { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} /> },
              ]}
            />
          )}
        </Card>

        <Card className="card--flush">
          <CardHeader title="Bookings and commission" description={`Latest ${recentBookings.length} by check-in; ${totals.cancelled} cancelled in all`} />
          {recentBookings.length === 0 ? (
            <EmptyState title="No bookings yet" />
          ) : (
            <Table
              caption="Latest bookings"
              rows={recentBookings}
              rowKey={(b) => b.id}
              columns={[
                {
                  key: 'guest',
                  header: 'Guest',
                  render: (b) => (
                    <div className="cell-stack">
                      <span className="cell-strong">{b.guest_name}</span>
                      <span className="cell-muted">{b.property_name || '—'}</span>
                    </div>
                  ),
                },
                { key: 'dates', header: 'Stay', render: (b) => `${format.date(b.check_in_date)} – ${format.date(b.check_out_date)}` },
                { key: 'source', header: 'Source', secondary: true, render: (b) => sourceLabel(b.booking_source) },
                { key: 'status', header: 'Status', render: (b) => <StatusBadge status={b.booking_status} /> },
                { key: 'total', header: 'Total', align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
                { key: 'commission', header: 'Commission', align: 'end', render: (b) => format.money(b.commission_amount, b.currency) },
              ]}
            />
          )}
        </Card>

        <Card className="card--flush">
          <CardHeader title="Staff" description={suspended ? 'Suspended with the host: they cannot sign in.' : undefined} />
          {staff.length === 0 ? (
            <EmptyState title="No housekeepers yet" />
          ) : (
            <Table
              caption="Staff"
              rows={staff}
              rowKey={(s) => s.id}
              columns={[
                { key: 'name', header: 'Name', render: (s) => <span className="cell-strong">{s.staff_name}</span> },
                { key: 'email', header: 'E-mail', render: (s) => s.staff_email || '—' },
                { key: 'account', header: 'Sign-in', render: (s) => (s.has_account ? 'Invited' : 'Not invited') },
                { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.status} /> },
              ]}
            />
          )}
        </Card>

        <Card className="card--flush">
          <CardHeader title="Calendar feeds" description={suspended ? 'Not fetched while the host is suspended.' : 'Fetched every 15 minutes.'} />
          {feeds.length === 0 ? (
            <EmptyState title="No calendar feeds" />
          ) : (
            <Table
              caption="Calendar feeds"
              rows={feeds}
              rowKey={(f) => f.id}
              columns={[
                {
                  key: 'feed',
                  header: 'Feed',
                  render: (f) => (
                    <div className="cell-stack">
                      <span className="cell-strong">{sourceLabel(f.platform)}</span>
                      <span className="cell-muted">{f.property_name || '—'}</span>
                    </div>
                  ),
                },
                { key: 'health', header: 'Health', render: (f) => <FeedHealth feed={f} /> },
                { key: 'fetched', header: 'Last fetched', render: (f) => (f.last_fetched_at ? format.dateTime(f.last_fetched_at) : 'Never') },
                { key: 'success', header: 'Last success', secondary: true, render: (f) => (f.last_success_at ? format.dateTime(f.last_success_at) : 'Never') },
                { key: 'events', header: 'Events', align: 'end', secondary: true, render: (f) => f.event_count },
                { key: 'error', header: 'Error', render: (f) => (f.last_error ? <span className="admin-error-text">{f.last_error}</span> : '—') },
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
