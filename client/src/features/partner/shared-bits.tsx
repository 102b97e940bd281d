/**
 * Pieces both partner pages show: the integration stats and the sync log. The host's card
 * (host area) and the admin's page (admin area) load different catalogs, so these pieces take
 * their words from the caller (`texts`, built from the caller's own catalog: the host's in
 * PartnerChannelCard). Without `texts` they speak the English below, which the admin page uses
 * until it passes its own.
 */
import type { PartnerLog, PartnerStats } from '../../../../shared/api/partner';
import { useFormat } from '../../lib/display';
import { StatCard } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';

/** The partner's name (a product name, the same in every language). */
export const PARTNER_NAME = 'Tokeet';

type Query<T> = { status: 'pending' | 'error' | 'success'; data?: T; error: Error | null; refetch: () => unknown };

/** The words of the stats and the sync log, in the caller's language. */
export type PartnerBitsTexts = {
  statsFailed: string;
  connectedHosts: string;
  syncedProperties: string;
  linked: (count: number) => string;
  syncedBookings: string;
  syncedMessages: string;
  lastSync: string;
  never: string;
  /** A sync's result (`success`, `error`). */
  syncStatus: (status: string) => string;
  logFailed: string;
  logEmptyTitle: string;
  logEmptyText: string;
  logCaption: string;
  started: string;
  sync: string;
  how: string;
  result: string;
  records: string;
  error: string;
  /** A sync's kind (`properties`, `bookings`…) and how it ran (`manual`, `scheduled`). */
  syncType: (type: string) => string;
  operation: (operation: string) => string;
};

const ENGLISH: PartnerBitsTexts = {
  statsFailed: 'Could not load the stats',
  connectedHosts: 'Connected hosts',
  syncedProperties: 'Synced properties',
  linked: (count) => `${count} linked to a property`,
  syncedBookings: 'Synced bookings',
  syncedMessages: 'Synced messages',
  lastSync: 'Last sync',
  never: 'Never',
  syncStatus: humanize,
  logFailed: 'Could not load the sync log',
  logEmptyTitle: 'No syncs have run yet',
  logEmptyText: 'Each sync, by hand or on the hourly schedule, is listed here.',
  logCaption: 'Sync log',
  started: 'Started',
  sync: 'Sync',
  how: 'How',
  result: 'Result',
  records: 'Records',
  error: 'Error',
  syncType: humanize,
  operation: humanize,
};

export function StatsGrid({ stats, showHosts, texts = ENGLISH }: { stats: Query<PartnerStats>; showHosts: boolean; texts?: PartnerBitsTexts }) {
  const format = useFormat();
  if (stats.status === 'pending') return <SkeletonStats count={4} />;
  if (stats.status === 'error' || !stats.data) return <ErrorState error={stats.error ?? texts.statsFailed} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  return (
    <div className="stat-grid">
      {showHosts ? <StatCard label={texts.connectedHosts} value={s.connected_hosts} /> : null}
      <StatCard label={texts.syncedProperties} value={s.properties} hint={texts.linked(s.mapped_properties)} />
      <StatCard label={texts.syncedBookings} value={s.bookings} />
      <StatCard label={texts.syncedMessages} value={s.messages} />
      <StatCard
        label={texts.lastSync}
        value={<span className="stat__text">{s.last_sync_at ? format.dateTime(s.last_sync_at) : texts.never}</span>}
        hint={s.last_sync_status ? texts.syncStatus(s.last_sync_status) : undefined}
        tone={s.last_sync_status === 'error' ? 'danger' : 'default'}
      />
    </div>
  );
}

export function SyncLogTable({ logs, texts = ENGLISH }: { logs: Query<{ logs: PartnerLog[] }>; texts?: PartnerBitsTexts }) {
  const format = useFormat();
  if (logs.status === 'pending') return <SkeletonRows rows={3} columns={5} />;
  if (logs.status === 'error' || !logs.data) return <ErrorState error={logs.error ?? texts.logFailed} onRetry={() => void logs.refetch()} />;
  if (logs.data.logs.length === 0) return <EmptyState title={texts.logEmptyTitle}>{texts.logEmptyText}</EmptyState>;
  return (
    <Table
      caption={texts.logCaption}
      rows={logs.data.logs}
      rowKey={(l) => l.id}
      columns={[
        { key: 'started', header: texts.started, render: (l) => format.dateTime(l.started_at) },
        { key: 'type', header: texts.sync, render: (l) => texts.syncType(l.sync_type) },
        { key: 'operation', header: texts.how, secondary: true, render: (l) => texts.operation(l.operation) },
        { key: 'status', header: texts.result, render: (l) => <StatusBadge status={l.status} /> },
        { key: 'records', header: texts.records, align: 'end', render: (l) => l.record_count },
        { key: 'error', header: texts.error, secondary: true, render: (l) => l.error_message ?? '—' },
      ]}
    />
  );
}
