import { Link } from '@tanstack/react-router';
import type { HostListRow } from '../../../../shared/api/admin';
import { useFormat } from '../../lib/display';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';
import { useT } from '../../i18n/use-t';

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
  const t = useT();
  return (
    <Table
      caption={caption}
      rows={hosts}
      rowKey={(h) => h.id}
      columns={[
        {
          key: 'host',
          header: t('admin.column.host'),
          render: (h) => (
            <div className="cell-stack">
              <Link to="/admin/hosts/$hostId" params={{ hostId: h.id }} className="cell-strong text-link">
                {h.company_name || h.name || h.email || t('admin.common.unnamedHost')}
              </Link>
              <span className="cell-muted">{h.name && h.company_name ? `${h.name} · ${h.email}` : h.email}</span>
            </div>
          ),
        },
        { key: 'tier', header: t('admin.column.plan'), render: (h) => humanize(h.subscription_tier) },
        { key: 'status', header: t('admin.column.account'), render: (h) => <StatusBadge status={h.account_status} /> },
        { key: 'properties', header: t('admin.column.properties'), align: 'end', render: (h) => h.properties_count },
        { key: 'bookings', header: t('admin.column.bookings'), align: 'end', secondary: true, render: (h) => h.total_bookings },
        ...(hosts.every((h) => h.revenue)
          ? [{ key: 'revenue', header: t('admin.column.revenue'), align: 'end' as const, render: (h: HostsTableRow) => format.moneyList(h.revenue ?? [], '—') }]
          : []),
        { key: 'commission', header: t('admin.column.commission'), align: 'end', secondary: true, render: (h) => `${h.commission_rate}%` },
        { key: 'since', header: t('admin.column.since'), secondary: true, render: (h) => (h.created_date ? format.date(h.created_date) : '—') },
      ]}
    />
  );
}
