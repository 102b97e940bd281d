import { TABLE } from '../../data/tables';
import { useOnlineRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { DataView } from '../../components/data-view';

export const PROVIDER_NAME = 'PayPal';

/** The payment-provider integration: configuration (read through its alias id, TABLE.paypal_config_read), plans, webhook events. */
export function AdminPaypalPage() {
  const format = useFormat();
  const config = useOnlineRows(TABLE.paypal_config_read, { PageSize: 1, OrderByField: 'created_at', IsAsc: false });
  const plans = useOnlineRows(TABLE.paypal_plans, { PageSize: 100, OrderByField: 'plan_name', IsAsc: true });
  const events = useOnlineRows(TABLE.paypal_webhook_events, { PageSize: 20, OrderByField: 'created_at', IsAsc: false });
  const c = config.status === 'success' ? config.rows[0] : undefined;

  return (
    <Page title={PROVIDER_NAME} description={`Subscription billing through ${PROVIDER_NAME}: configuration, the plans created for each tier, and incoming webhook events.`}>
      <Card>
        <CardHeader title="Configuration" />
        {config.status === 'loading' ? <SkeletonRows rows={2} columns={2} /> : null}
        {config.status === 'error' ? <ErrorState error={config.error} onRetry={config.retry} /> : null}
        {config.status === 'success' ? (
          c ? (
            <dl className="details details--row">
              <div>
                <dt>State</dt>
                <dd>{c.is_active ? <Badge tone="success">Configured</Badge> : <Badge tone="warning">Inactive</Badge>}</dd>
              </div>
              <div>
                <dt>Environment</dt>
                <dd>{humanize(c.environment)}</dd>
              </div>
              <div>
                <dt>Client id</dt>
                <dd>{c.client_id || '—'}</dd>
              </div>
              <div>
                <dt>Client secret</dt>
                <dd>{c.client_secret_set ? 'Stored' : 'Not stored'}</dd>
              </div>
              <div>
                <dt>Webhook</dt>
                <dd>{c.webhook_id || '—'}</dd>
              </div>
            </dl>
          ) : (
            <p className="muted">{PROVIDER_NAME} is not configured yet.</p>
          )
        ) : null}
      </Card>
      <Card className="card--flush">
        <CardHeader title="Plans" description="One plan per tier and billing cycle" />
        <DataView result={plans} empty={{ title: 'No plans synced yet', text: `Plans are created in ${PROVIDER_NAME} from the active subscription tiers.` }}>
          {(rows) => (
            <Table
              caption={`${PROVIDER_NAME} plans`}
              rows={rows}
              rowKey={(p) => p.id}
              columns={[
                { key: 'name', header: 'Plan', render: (p) => p.plan_name || '—' },
                { key: 'cycle', header: 'Billing', render: (p) => humanize(p.billing_cycle) },
                { key: 'amount', header: 'Amount', align: 'end', render: (p) => format.money(p.amount, p.currency_code) },
                { key: 'id', header: `${PROVIDER_NAME} plan`, secondary: true, render: (p) => p.paypal_plan_id || '—' },
                { key: 'active', header: 'Active', render: (p) => (p.is_active ? <Badge tone="success">Yes</Badge> : <Badge>No</Badge>) },
              ]}
            />
          )}
        </DataView>
      </Card>
      <Card className="card--flush">
        <CardHeader title="Webhook events" description="The latest 20" />
        <DataView result={events} empty={{ title: 'No webhook events received yet' }}>
          {(rows) => (
            <Table
              caption="Webhook events"
              rows={rows}
              rowKey={(e) => e.id}
              columns={[
                { key: 'time', header: 'Received', render: (e) => format.dateTime(e.created_at) },
                { key: 'type', header: 'Event', render: (e) => <code>{e.event_type}</code> },
                { key: 'status', header: 'Processing', render: (e) => <StatusBadge status={e.processing_status} /> },
                { key: 'error', header: 'Error', secondary: true, render: (e) => e.error_message ?? '—' },
              ]}
            />
          )}
        </DataView>
      </Card>
    </Page>
  );
}
