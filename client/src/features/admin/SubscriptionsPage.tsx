import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, humanize } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';
import { DataView } from '../../components/data-view';

/** The subscription tiers (super admins own them) and how many hosts are on each. */
export function AdminSubscriptionsPage() {
  const format = useFormat();
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true });
  const hosts = useRows(TABLE.host_profiles, { PageSize: 1000 });
  const hostsOn = (tierName: string) => (hosts.status === 'success' ? hosts.rows.filter((h) => h.subscription_tier.toLowerCase() === tierName.toLowerCase()).length : undefined);

  return (
    <Page title="Subscriptions" description="The plans hosts subscribe to, with their prices, limits and commission.">
      <Card className="card--flush">
        <CardHeader title="Plans" />
        <DataView result={tiers} empty={{ title: 'No plans defined yet' }}>
          {(rows) => (
            <Table
              caption="Subscription plans"
              rows={rows}
              rowKey={(t) => t.id}
              columns={[
                { key: 'name', header: 'Plan', render: (t) => <span className="cell-strong">{humanize(t.tier_name)}</span> },
                { key: 'monthly', header: 'Monthly', align: 'end', render: (t) => format.money(t.monthly_price) },
                { key: 'yearly', header: 'Yearly', align: 'end', render: (t) => format.money(t.yearly_price) },
                { key: 'limit', header: 'Properties', align: 'end', render: (t) => t.properties_limit },
                { key: 'commission', header: 'Commission', align: 'end', render: (t) => `${t.commission_rate}%` },
                { key: 'ota', header: 'Booking sites', align: 'end', secondary: true, render: (t) => t.ota_integrations },
                { key: 'support', header: 'Support', secondary: true, render: (t) => humanize(t.support_level) },
                { key: 'hosts', header: 'Hosts', align: 'end', render: (t) => hostsOn(t.tier_name) ?? '…' },
                { key: 'active', header: 'Offered', render: (t) => (t.is_active ? <Badge tone="success">Active</Badge> : <Badge>Retired</Badge>) },
              ]}
            />
          )}
        </DataView>
      </Card>
    </Page>
  );
}
