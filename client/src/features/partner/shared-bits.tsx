/**
 * Pieces both partner pages show: the integration stats and the sync log, in the host catalog's
 * words (`host.partner.*`): the host's card is in the host area, and the admin's Tokeet page loads
 * the host namespace before it opens (routes/_admin/admin.tokeet.tsx).
 */
import type { PartnerLog, PartnerStats } from '../../../../shared/api/partner';
import { useFormat } from '../../lib/display';
import { StatCard } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useT } from '../../i18n/use-t';

/** The partner's name (a product name, the same in every language). */
export const PARTNER_NAME = 'Tokeet';

type Query<T> = { status: 'pending' | 'error' | 'success'; data?: T; error: Error | null; refetch: () => unknown };

type Translate = ReturnType<typeof useT>;

/** A sync kind's name ("Properties"); one the server added later reads as written. */
export function syncTypeLabel(t: Translate, type: string): string {
  return t('host.partner.syncType', { type, label: humanize(type) });
}

export function StatsGrid({ stats, showHosts }: { stats: Query<PartnerStats>; showHosts: boolean }) {
  const format = useFormat();
  const t = useT();
  if (stats.status === 'pending') return <SkeletonStats count={4} />;
  if (stats.status === 'error' || !stats.data) return <ErrorState error={stats.error ?? t('host.partner.statsFailed')} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  return (
    <div className="stat-grid">
      {showHosts ? <StatCard label={t('host.partner.connectedHosts')} value={s.connected_hosts} /> : null}
      <StatCard label={t('host.partner.syncedProperties')} value={s.properties} hint={t('host.partner.linked', { count: s.mapped_properties })} />
      <StatCard label={t('host.partner.syncedBookings')} value={s.bookings} />
      <StatCard label={t('host.partner.syncedMessages')} value={s.messages} />
      <StatCard
        label={t('host.partner.lastSync')}
        value={<span className="stat__text">{s.last_sync_at ? format.dateTime(s.last_sync_at) : t('host.partner.never')}</span>}
        hint={s.last_sync_status ? t('host.partner.syncStatus', { status: s.last_sync_status, label: humanize(s.last_sync_status) }) : undefined}
        tone={s.last_sync_status === 'error' ? 'danger' : 'default'}
      />
    </div>
  );
}

export function SyncLogTable({ logs }: { logs: Query<{ logs: PartnerLog[] }> }) {
  const format = useFormat();
  const t = useT();
  if (logs.status === 'pending') return <SkeletonRows rows={3} columns={5} />;
  if (logs.status === 'error' || !logs.data) return <ErrorState error={logs.error ?? t('host.partner.logFailed')} onRetry={() => void logs.refetch()} />;
  if (logs.data.logs.length === 0) return <EmptyState title={t('host.partner.logEmptyTitle')}>{t('host.partner.logEmptyText')}</EmptyState>;
  return (
    <Table
      caption={t('host.partner.logCaption')}
      rows={logs.data.logs}
      rowKey={(l) => l.id}
      columns={[
        { key: 'started', header: t('host.partner.log.started'), render: (l) => format.dateTime(l.started_at) },
        { key: 'type', header: t('host.partner.log.sync'), render: (l) => syncTypeLabel(t, l.sync_type) },
        { key: 'operation', header: t('host.partner.log.how'), secondary: true, render: (l) => t('host.partner.operation', { operation: l.operation, label: humanize(l.operation) }) },
        { key: 'status', header: t('host.partner.log.result'), render: (l) => <StatusBadge status={l.status} /> },
        { key: 'records', header: t('host.partner.log.records'), align: 'end', render: (l) => l.record_count },
        { key: 'error', header: t('host.partner.log.error'), secondary: true, render: (l) => l.error_message ?? '—' },
      ]}
    />
  );
}
