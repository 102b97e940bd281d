/** Pieces both partner pages show: the integration stats and the sync log. */
import type { PartnerLog, PartnerStats } from '../../../../shared/api/partner';
import { useFormat } from '../../lib/display';
import { StatCard } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';

export const PARTNER_NAME = 'Tokeet';

type Query<T> = { status: 'pending' | 'error' | 'success'; data?: T; error: Error | null; refetch: () => unknown };

export function StatsGrid({ stats, showHosts }: { stats: Query<PartnerStats>; showHosts: boolean }) {
  const format = useFormat();
  if (stats.status === 'pending') return <SkeletonStats count={4} />;
  if (stats.status === 'error' || !stats.data) return <ErrorState error={stats.error ?? 'Could not load the stats'} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  return (
    <div className="stat-grid">
      {showHosts ? <StatCard label="Connected hosts" value={s.connected_hosts} /> : null}
      <StatCard label="Synced properties" value={s.properties} hint={`${s.mapped_properties} linked to a property`} />
      <StatCard label="Synced bookings" value={s.bookings} />
      <StatCard label="Synced messages" value={s.messages} />
      <StatCard label="Last sync" value={<span className="stat__text">{s.last_sync_at ? format.dateTime(s.last_sync_at) : 'Never'}</span>} hint={s.last_sync_status ? humanize(s.last_sync_status) : undefined} tone={s.last_sync_status === 'error' ? 'danger' : 'default'} />
    </div>
  );
}

export function SyncLogTable({ logs }: { logs: Query<{ logs: PartnerLog[] }> }) {
  const format = useFormat();
  if (logs.status === 'pending') return <SkeletonRows rows={3} columns={5} />;
  if (logs.status === 'error' || !logs.data) return <ErrorState error={logs.error ?? 'Could not load the sync log'} onRetry={() => void logs.refetch()} />;
  if (logs.data.logs.length === 0) return <EmptyState title="No syncs have run yet">Each sync, by hand or on the hourly schedule, is listed here.</EmptyState>;
  return (
    <Table
      caption="Sync log"
      rows={logs.data.logs}
      rowKey={(l) => l.id}
      columns={[
        { key: 'started', header: 'Started', render: (l) => format.dateTime(l.started_at) },
        { key: 'type', header: 'Sync', render: (l) => humanize(l.sync_type) },
        { key: 'operation', header: 'How', secondary: true, render: (l) => humanize(l.operation) },
        { key: 'status', header: 'Result', render: (l) => <StatusBadge status={l.status} /> },
        { key: 'records', header: 'Records', align: 'end', render: (l) => l.record_count },
        { key: 'error', header: 'Error', secondary: true, render: (l) => l.error_message ?? '—' },
      ]}
    />
  );
}
