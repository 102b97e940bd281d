import { TABLE } from '../../data/tables';
import { useOnlineRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows, SkeletonStats } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { DataView } from '../../components/data-view';

export const PARTNER_NAME = 'Tokeet';

/**
 * The channel-partner integration: connection state from the stored credentials (connected
 * when active with an access token; the newest row, one page of 1 by id descending),
 * what has been synced, and the sync log (default 50).
 */
export function AdminTokeetPage() {
  const format = useFormat();
  const credentials = useOnlineRows(TABLE.partner_credentials, { PageSize: 1, OrderByField: 'id', IsAsc: false });
  const properties = useOnlineRows(TABLE.partner_properties, { PageSize: 1 });
  const bookings = useOnlineRows(TABLE.partner_bookings, { PageSize: 1 });
  const messages = useOnlineRows(TABLE.partner_messages, { PageSize: 1 });
  const logs = useOnlineRows(TABLE.partner_sync_logs, { PageSize: 50, OrderByField: 'started_at', IsAsc: false });

  const cred = credentials.status === 'success' ? credentials.rows[0] : undefined;
  const connected = Boolean(cred?.is_active && (cred.access_token_set || cred.access_token));
  const counts = [properties, bookings, messages];
  const countsFailed = counts.find((c) => c.status === 'error');

  return (
    <Page title={PARTNER_NAME} description={`The ${PARTNER_NAME} channel-partner connection: properties, bookings and guest messages synced from ${PARTNER_NAME}.`}>
      <Card>
        <CardHeader title="Connection" />
        {credentials.status === 'loading' ? <SkeletonRows rows={2} columns={2} /> : null}
        {credentials.status === 'error' ? <ErrorState error={credentials.error} onRetry={credentials.retry} /> : null}
        {credentials.status === 'success' ? (
          <dl className="details details--row">
            <div>
              <dt>State</dt>
              <dd>{connected ? <Badge tone="success">Connected</Badge> : cred ? <Badge tone="warning">Not connected</Badge> : <Badge>Not configured</Badge>}</dd>
            </div>
            <div>
              <dt>Client id</dt>
              <dd>{cred?.client_id || '—'}</dd>
            </div>
            <div>
              <dt>Secret key</dt>
              <dd>{cred?.secret_key_set ? 'Stored' : 'Not stored'}</dd>
            </div>
            <div>
              <dt>Token expires</dt>
              <dd>{cred?.token_expires_at ? format.dateTime(cred.token_expires_at) : '—'}</dd>
            </div>
          </dl>
        ) : null}
      </Card>
      {countsFailed?.status === 'error' ? (
        <ErrorState error={countsFailed.error} onRetry={countsFailed.retry} />
      ) : properties.status === 'success' && bookings.status === 'success' && messages.status === 'success' ? (
        <div className="stat-grid">
          <StatCard label="Synced properties" value={properties.total} />
          <StatCard label="Synced bookings" value={bookings.total} />
          <StatCard label="Synced messages" value={messages.total} />
        </div>
      ) : (
        <SkeletonStats count={3} />
      )}
      <Card className="card--flush">
        <CardHeader title="Sync log" description="The latest 50 sync runs" />
        <DataView result={logs} empty={{ title: 'No syncs have run yet' }}>
          {(rows) => (
            <Table
              caption="Sync log"
              rows={rows}
              rowKey={(l) => l.id}
              columns={[
                { key: 'started', header: 'Started', render: (l) => format.dateTime(l.started_at) },
                { key: 'type', header: 'Sync', render: (l) => humanize(l.sync_type) },
                { key: 'status', header: 'Result', render: (l) => <StatusBadge status={l.status} /> },
                { key: 'records', header: 'Records', align: 'end', render: (l) => l.record_count },
                { key: 'error', header: 'Error', secondary: true, render: (l) => l.error_message ?? '—' },
              ]}
            />
          )}
        </DataView>
      </Card>
    </Page>
  );
}
