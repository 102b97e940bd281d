import { Link } from '@tanstack/react-router';
import type { HostListRow } from '../../../../shared/api/admin';
import { useFormat } from '../../lib/display';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';

/**
 * What a hosts table shows of a host: a list row of the admin route, or a host profile row (`name`
 * and `revenue` absent). Revenue shows only with the route's per-currency `revenue`: the profile's
 * stored `total_revenue` counts dollars only (docs/decisions.md, Money), so it is never shown as an amount.
 */
export type HostsTableRow = Omit<HostListRow, 'name' | 'user_id' | 'phone_number' | 'subscription_status' | 'account_status' | 'revenue'> & {
  name?: string;
  account_status: string;
  revenue?: HostListRow['revenue'];
};

export function HostsTable({ hosts, caption }: { hosts: readonly HostsTableRow[]; caption: string }) {
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
              <Link to="/admin/hosts/$hostId" params={{ hostId: h.id }} className="cell-strong text-link">
                {h.company_name || h.name || h.email || 'Unnamed host'}
              </Link>
              <span className="cell-muted">{h.name && h.company_name ? `${h.name} · ${h.email}` : h.email}</span>
            </div>
          ),
        },
        { key: 'tier', header: 'Plan', render: (h) => humanize(h.subscription_tier) },
        { key: 'status', header: 'Account', render: (h) => <StatusBadge status={h.account_status} /> },
        { key: 'properties', header: 'Properties', align: 'end', render: (h) => h.properties_count },
        { key: 'bookings', header: 'Bookings', align: 'end', secondary: true, render: (h) => h.total_bookings },
        ...(hosts.every((h) => h.revenue)
          ? [{ key: 'revenue', header: 'Revenue', align: 'end' as const, render: (h: HostsTableRow) => format.moneyList(h.revenue ?? [], '—') }]
          : []),
        { key: 'commission', header: 'Commission', align: 'end', secondary: true, render: (h) => `${h.commission_rate}%` },
        { key: 'since', header: 'Since', secondary: true, render: (h) => (h.created_date ? format.date(h.created_date) : '—') },
      ]}
    />
  );
}
