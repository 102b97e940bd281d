import { Link } from '@tanstack/react-router';
import type { Booking } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { StatusBadge } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { nightsBetween } from '../../../../shared/format/dates';
import { sourceLabel } from '../../lib/source-label';

export function BookingsTable({
  bookings,
  propertyNames,
  caption,
  showProperty = true,
  compact = false,
  onOpen,
  pendingIds,
}: {
  bookings: readonly Booking[];
  propertyNames: Map<string, string>;
  caption: string;
  showProperty?: boolean;
  /** Guest, property, dates and total only: for dashboard cards. */
  compact?: boolean;
  /** Makes the guest's name a button that opens the booking. */
  onOpen?: (booking: Booking) => void;
  /** Rows with changes not yet sent: their commission and net are not the server's yet. */
  pendingIds?: ReadonlySet<string>;
}) {
  const format = useFormat();
  const columns: Column<Booking>[] = [
    {
      key: 'guest',
      header: 'Guest',
      render: (b) => (
        <div className="cell-stack">
          {onOpen ? (
            <button type="button" className="link-button cell-strong" onClick={() => onOpen(b)}>
              {b.guest_name}
            </button>
          ) : (
            <span className="cell-strong">{b.guest_name}</span>
          )}
          {b.guest_email ? <span className="cell-muted">{b.guest_email}</span> : null}
        </div>
      ),
    },
    ...(showProperty
      ? [
          {
            key: 'property',
            header: 'Property',
            render: (b: Booking) => (
              <Link to="/host/properties/$id" params={{ id: b.property_id }} className="text-link">
                {propertyNames.get(b.property_id) ?? 'Unknown property'}
              </Link>
            ),
          },
        ]
      : []),
    { key: 'in', header: 'Check-in', render: (b) => format.date(b.check_in_date) },
    { key: 'out', header: 'Check-out', render: (b) => format.date(b.check_out_date) },
    { key: 'nights', header: 'Nights', align: 'end', secondary: true, render: (b) => nightsBetween(b.check_in_date, b.check_out_date) },
    { key: 'guests', header: 'Guests', align: 'end', secondary: true, render: (b) => b.guests_count },
    { key: 'source', header: 'Source', render: (b) => sourceLabel(b.booking_source) },
    { key: 'total', header: 'Total', align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
    {
      key: 'net',
      header: 'Net',
      align: 'end',
      secondary: true,
      render: (b) => (pendingIds?.has(b.id) ? <span className="muted">on sync</span> : format.money(b.net_amount, b.currency)),
    },
    { key: 'status', header: 'Status', render: (b) => <StatusBadge status={b.booking_status} /> },
    { key: 'payment', header: 'Payment', secondary: true, render: (b) => <StatusBadge status={b.payment_status} /> },
  ];
  const shown = compact ? columns.filter((c) => ['guest', 'property', 'in', 'out'].includes(c.key)) : columns.filter((c) => c.key !== 'net' || pendingIds !== undefined);
  return <Table caption={caption} columns={shown} rows={bookings} rowKey={(b) => b.id} />;
}
