import { Link } from '@tanstack/react-router';
import type { Booking } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Badge, statusTone } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { nightsBetween } from '../../../../shared/format/dates';
import { sourceLabel } from '../../lib/source-label';
import { useT } from '../../i18n/use-t';

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
  const t = useT();
  const columns: Column<Booking>[] = [
    {
      key: 'guest',
      header: t('host.bookings.guest'),
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
            header: t('host.bookings.property'),
            render: (b: Booking) => (
              <Link to="/host/properties/$id" params={{ id: b.property_id }} className="text-link">
                {propertyNames.get(b.property_id) ?? t('host.common.unknownProperty')}
              </Link>
            ),
          },
        ]
      : []),
    { key: 'in', header: t('host.bookings.checkIn'), render: (b) => format.date(b.check_in_date) },
    { key: 'out', header: t('host.bookings.checkOut'), render: (b) => format.date(b.check_out_date) },
    { key: 'nights', header: t('host.bookings.nights'), align: 'end', secondary: true, render: (b) => nightsBetween(b.check_in_date, b.check_out_date) },
    { key: 'guests', header: t('host.bookings.guests'), align: 'end', secondary: true, render: (b) => b.guests_count },
    { key: 'source', header: t('host.bookings.source'), render: (b) => sourceLabel(b.booking_source) },
    { key: 'total', header: t('host.bookings.total'), align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
    {
      key: 'net',
      header: t('host.bookings.net'),
      align: 'end',
      secondary: true,
      render: (b) => (pendingIds?.has(b.id) ? <span className="muted">{t('host.bookings.onSync')}</span> : format.money(b.net_amount, b.currency)),
    },
    { key: 'status', header: t('host.bookings.status'), render: (b) => <Badge tone={statusTone(b.booking_status)}>{t('host.enum.bookingStatus', { value: b.booking_status })}</Badge> },
    { key: 'payment', header: t('host.bookings.payment'), secondary: true, render: (b) => <Badge tone={statusTone(b.payment_status)}>{t('host.enum.paymentStatus', { value: b.payment_status })}</Badge> },
  ];
  const shown = compact ? columns.filter((c) => ['guest', 'property', 'in', 'out'].includes(c.key)) : columns.filter((c) => c.key !== 'net' || pendingIds !== undefined);
  return <Table caption={caption} columns={shown} rows={bookings} rowKey={(b) => b.id} />;
}
