import type { HostProfile } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';

export function HostsTable({ hosts, caption }: { hosts: readonly HostProfile[]; caption: string }) {
  const format = useFormat();
  return (
    <Table
      caption={caption}
      rows={hosts}
      rowKey={(h) => h.id}
      columns={[
        {
          key: 'host',
          header: 'Host',
          render: (h) => (
            <div className="cell-stack">
              <span className="cell-strong">{h.company_name || h.email || 'Unnamed host'}</span>
              <span className="cell-muted">{h.email}</span>
            </div>
          ),
        },
        { key: 'tier', header: 'Plan', render: (h) => humanize(h.subscription_tier) },
        { key: 'status', header: 'Account', render: (h) => <StatusBadge status={h.account_status} /> },
        { key: 'properties', header: 'Properties', align: 'end', render: (h) => h.properties_count },
        { key: 'bookings', header: 'Bookings', align: 'end', secondary: true, render: (h) => h.total_bookings },
        { key: 'revenue', header: 'Revenue', align: 'end', render: (h) => format.money(h.total_revenue) },
        { key: 'commission', header: 'Commission', align: 'end', secondary: true, render: (h) => `${h.commission_rate}%` },
        { key: 'since', header: 'Since', secondary: true, render: (h) => (h.created_date ? format.date(h.created_date) : '—') },
      ]}
    />
  );
}
