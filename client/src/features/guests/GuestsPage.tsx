/**
 * Guests: everyone who booked, derived on the server from the bookings (shared/guests.ts), with
 * search, VIP and status filters, a guest's stays, and the online-only rebuild with its success
 * and error toasts and counts (texts of shared/messages.ts).
 */
import { useMemo, useState } from 'react';
import { GUEST_STATUSES } from '../../../../shared/guests';
import { GUEST_SYNC_ERROR_TEXT, GUEST_SYNC_ERROR_TITLE, GUEST_SYNC_SUCCESS_TITLE, guestSyncSuccessText } from '../../../../shared/messages';
import { TABLE, type Booking, type Guest } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Input';
import { EmptyState } from '../../components/ui/States';
import { Table, type Column } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { DataView } from '../../components/data-view';
import { usePropertyNames, useEveryBooking } from '../../data/common-rows';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { NO_GUEST_FILTER, filterGuests, isStatusFilter, isVipFilter, spentByCurrency, staysOf, type GuestFilter } from './guest-filters';
import { rebuildGuests } from './guest-sync';
import { sourceLabel } from '../../lib/source-label';
import './guests.css';

function StaysDialog({ guest, onClose }: { guest: Guest; onClose: () => void }) {
  const format = useFormat();
  const names = usePropertyNames();
  const bookings = useEveryBooking();
  const columns: Column<Booking>[] = [
    { key: 'dates', header: 'Stay', render: (b) => `${format.date(b.check_in_date)} – ${format.date(b.check_out_date)}` },
    { key: 'property', header: 'Property', render: (b) => names.get(b.property_id) ?? 'Unknown property' },
    { key: 'source', header: 'Site', render: (b) => sourceLabel(b.booking_source) },
    { key: 'status', header: 'Status', render: (b) => <StatusBadge status={b.booking_status} /> },
    { key: 'amount', header: 'Amount', align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
  ];
  const title = `Stays of ${guest.guest_name || guest.guest_email}`;
  const spent = bookings.rows ? spentByCurrency(bookings.rows).get(guest.guest_email.trim().toLowerCase()) : undefined;
  // Per currency from the bookings on the device; the stored total_spent counts dollars only, so it is never shown.
  const spentText = spent ? format.moneyList(spent) : bookings.rows ? format.moneyList([]) : '…';
  return (
    <Dialog open onClose={onClose} title={title} description={`${guest.total_bookings} bookings, ${spentText} spent (cancelled stays left out of the total)`} size="lg">
      <DataView result={bookings} empty={{ title: 'No bookings on this device' }}>
        {(rows) => {
          const stays = staysOf(guest.guest_email, rows);
          return stays.length ? <Table caption={title} columns={columns} rows={stays} rowKey={(b) => b.id} /> : <EmptyState title="No bookings with this e-mail address" />;
        }}
      </DataView>
    </Dialog>
  );
}

export function HostGuestsPage() {
  const format = useFormat();
  const { toast } = useToast();
  const online = useOnlineOnly('rebuilding the guest list');
  const result = useRows(TABLE.guests, { PageSize: 100_000, OrderByField: 'last_booking_date', IsAsc: false });
  const [filter, setFilter] = useState<GuestFilter>(NO_GUEST_FILTER);
  const [open, setOpen] = useState<Guest | null>(null);
  const [syncing, setSyncing] = useState(false);
  const shown = useMemo(() => (result.rows ? filterGuests(result.rows, filter) : []), [result.rows, filter]);
  const everyBooking = useEveryBooking();
  // Per currency from the bookings on the device; the stored total until they are read.
  const spent = useMemo(() => (everyBooking.rows ? spentByCurrency(everyBooking.rows) : null), [everyBooking.rows]);

  const sync = async () => {
    setSyncing(true);
    try {
      const counts = await rebuildGuests();
      toast({ title: GUEST_SYNC_SUCCESS_TITLE, description: guestSyncSuccessText(counts.guests, counts.bookings), variant: 'success' });
    } catch {
      toast({ title: GUEST_SYNC_ERROR_TITLE, description: GUEST_SYNC_ERROR_TEXT, variant: 'destructive' });
    } finally {
      setSyncing(false);
    }
  };

  const columns: Column<Guest>[] = [
    {
      key: 'guest',
      header: 'Guest',
      render: (g) => (
        <div className="cell-stack">
          <span className="cell-strong">
            {g.guest_name || g.guest_email} {g.vip_status ? <Badge tone="accent">VIP</Badge> : null}
          </span>
          <span className="cell-muted">{g.guest_email}</span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', render: (g) => <StatusBadge status={g.guest_status} /> },
    { key: 'stays', header: 'Bookings', align: 'end', render: (g) => g.total_bookings },
    {
      key: 'spent',
      header: 'Total spent',
      align: 'end',
      render: (g) => {
        const list = spent?.get(g.guest_email.trim().toLowerCase());
        return list ? format.moneyList(list) : spent ? format.moneyList([]) : '…';
      },
    },
    { key: 'last', header: 'Last stay', render: (g) => (g.last_booking_date ? format.date(g.last_booking_date) : '—') },
    { key: 'rating', header: 'Rating', align: 'end', secondary: true, render: (g) => g.average_rating.toFixed(1) },
    { key: 'properties', header: 'Stayed at', secondary: true, render: (g) => g.properties_stayed.join(', ') || '—' },
    { key: 'country', header: 'Country', secondary: true, render: (g) => g.country || '—' },
    {
      key: 'open',
      header: 'Stays',
      align: 'end',
      render: (g) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(g)} aria-label={`Stays of ${g.guest_name || g.guest_email}`}>
          Stays
        </Button>
      ),
    },
  ];

  return (
    <Page
      title="Guests"
      description="Everyone who has booked with you, built from your bookings. VIPs have 3 or more stays or have spent 2,000 or more."
      actions={
        <Button onClick={() => void sync()} isLoading={syncing} disabled={!online.available}>
          Sync guests
        </Button>
      }
    >
      <OnlineOnlyNote state={online} />
      <div className="guest-filters" role="search" aria-label="Find guests">
        <Input label="Search" type="search" placeholder="Name, e-mail, phone or country" value={filter.search} onChange={(e) => setFilter({ ...filter, search: e.target.value })} />
        <Select
          label="VIP"
          value={filter.vip}
          onChange={(e) => isVipFilter(e.target.value) && setFilter({ ...filter, vip: e.target.value })}
          options={[
            { value: 'all', label: 'Everyone' },
            { value: 'vip', label: 'VIP only' },
            { value: 'regular', label: 'Not VIP' },
          ]}
        />
        <Select
          label="Status"
          value={filter.status}
          onChange={(e) => isStatusFilter(e.target.value) && setFilter({ ...filter, status: e.target.value })}
          options={[{ value: 'all', label: 'Any status' }, ...GUEST_STATUSES.map((s) => ({ value: s, label: humanize(s) }))]}
        />
      </div>
      <Card className="card--flush">
        <DataView result={result} empty={{ title: 'No guests yet', text: 'Guests are built from bookings that carry an e-mail address.' }}>
          {(rows) =>
            shown.length ? (
              <>
                <Table caption="Guests" columns={columns} rows={shown} rowKey={(g) => g.id} />
                <p className="list-footer" aria-live="polite">
                  {shown.length === rows.length ? `${rows.length} guests` : `Showing ${shown.length} of ${rows.length} guests`}
                </p>
              </>
            ) : (
              <EmptyState
                title="No guest matches"
                action={
                  <Button variant="secondary" onClick={() => setFilter(NO_GUEST_FILTER)}>
                    Clear the filters
                  </Button>
                }
              />
            )
          }
        </DataView>
      </Card>
      {open ? <StaysDialog guest={open} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}
