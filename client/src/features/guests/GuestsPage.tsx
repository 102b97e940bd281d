/**
 * Guests: everyone who booked, derived on the server from the bookings (shared/guests.ts), with
 * search, VIP and status filters, a guest's stays, and the online-only rebuild with its success
 * and error toasts and counts (texts of shared/messages.ts).
 */
import { useMemo, useState } from 'react';
import { GUEST_STATUSES } from '../../../../shared/guests';
import { TABLE, type Booking, type Guest } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Badge, StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Input';
import { EmptyState } from '../../components/ui/States';
import { Table, type Column } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { DataView, ListFooter, useShownRows } from '../../components/data-view';
import { usePropertyNames, useEveryBooking } from '../../data/common-rows';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { NO_GUEST_FILTER, filterGuests, isStatusFilter, isVipFilter, spentByCurrency, staysOf, type GuestFilter } from './guest-filters';
import { rebuildGuests } from './guest-sync';
import { sourceLabel } from '../../lib/source-label';
import { useT } from '../../i18n/use-t';
import './guests.css';

/** Guest rows drawn at first, and added by each "Show more" (useShownRows). */
const GUESTS_SHOWN = 200;

function StaysDialog({ guest, onClose }: { guest: Guest; onClose: () => void }) {
  const format = useFormat();
  const t = useT();
  const names = usePropertyNames();
  const bookings = useEveryBooking();
  const columns: Column<Booking>[] = [
    { key: 'dates', header: t('host.guests.stay'), render: (b) => `${format.date(b.check_in_date)} – ${format.date(b.check_out_date)}` },
    { key: 'property', header: t('host.bookings.property'), render: (b) => names.get(b.property_id) ?? t('host.common.unknownProperty') },
    { key: 'source', header: t('host.guests.site'), render: (b) => sourceLabel(b.booking_source) },
    { key: 'status', header: t('host.bookings.status'), render: (b) => <StatusBadge status={b.booking_status} /> },
    { key: 'amount', header: t('host.guests.amount'), align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
  ];
  const title = t('host.guests.staysOf', { guest: guest.guest_name || guest.guest_email });
  const spent = bookings.rows ? spentByCurrency(bookings.rows).get(guest.guest_email.trim().toLowerCase()) : undefined;
  // Per currency from the bookings on the device; the stored total_spent counts dollars only, so it is never shown.
  const spentText = spent ? format.moneyList(spent) : bookings.rows ? format.moneyList([]) : '…';
  return (
    <Dialog open onClose={onClose} title={title} description={t('host.guests.staysDescription', { count: guest.total_bookings, spent: spentText })} size="lg">
      <DataView result={bookings} empty={{ title: t('host.guests.noBookingsHere') }}>
        {(rows) => {
          const stays = staysOf(guest.guest_email, rows);
          return stays.length ? <Table caption={title} columns={columns} rows={stays} rowKey={(b) => b.id} /> : <EmptyState title={t('host.guests.noBookingsForEmail')} />;
        }}
      </DataView>
    </Dialog>
  );
}

export function HostGuestsPage() {
  const format = useFormat();
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(t('host.guests.rebuilding'));
  const result = useRows(TABLE.guests, { PageSize: 100_000, OrderByField: 'last_booking_date', IsAsc: false });
  const [filter, setFilter] = useState<GuestFilter>(NO_GUEST_FILTER);
  const [open, setOpen] = useState<Guest | null>(null);
  const [syncing, setSyncing] = useState(false);
  const matching = useMemo(() => (result.rows ? filterGuests(result.rows, filter) : []), [result.rows, filter]);
  const drawn = useShownRows(matching, GUESTS_SHOWN);
  const guestCount = (drawnRows: number, all: number) => (drawnRows === all ? t('host.guests.count', { count: all }) : t('host.guests.countOf', { shown: drawnRows, count: all }));
  const everyBooking = useEveryBooking();
  // Per currency from the bookings on the device; the stored total until they are read.
  const spent = useMemo(() => (everyBooking.rows ? spentByCurrency(everyBooking.rows) : null), [everyBooking.rows]);

  const sync = async () => {
    setSyncing(true);
    try {
      const counts = await rebuildGuests();
      toast({ title: t('host.guests.syncSuccessTitle'), description: t('host.guests.syncSuccessText', { guests: counts.guests, bookings: counts.bookings }), variant: 'success' });
    } catch {
      toast({ title: t('host.guests.syncErrorTitle'), description: t('host.guests.syncErrorText'), variant: 'destructive' });
    } finally {
      setSyncing(false);
    }
  };

  const columns: Column<Guest>[] = [
    {
      key: 'guest',
      header: t('host.bookings.guest'),
      render: (g) => (
        <div className="cell-stack">
          <span className="cell-strong">
            {g.guest_name || g.guest_email} {g.vip_status ? <Badge tone="accent">{t('host.guests.vip')}</Badge> : null}
          </span>
          <span className="cell-muted">{g.guest_email}</span>
        </div>
      ),
    },
    { key: 'status', header: t('host.bookings.status'), render: (g) => <StatusBadge status={g.guest_status} /> },
    { key: 'stays', header: t('host.bookings.title'), align: 'end', render: (g) => g.total_bookings },
    {
      key: 'spent',
      header: t('host.guests.totalSpent'),
      align: 'end',
      render: (g) => {
        const list = spent?.get(g.guest_email.trim().toLowerCase());
        return list ? format.moneyList(list) : spent ? format.moneyList([]) : '…';
      },
    },
    { key: 'last', header: t('host.guests.lastStay'), render: (g) => (g.last_booking_date ? format.date(g.last_booking_date) : '—') },
    { key: 'rating', header: t('host.guests.rating'), align: 'end', secondary: true, render: (g) => g.average_rating.toFixed(1) },
    { key: 'properties', header: t('host.guests.stayedAt'), secondary: true, render: (g) => g.properties_stayed.join(', ') || '—' },
    { key: 'country', header: t('host.guests.country'), secondary: true, render: (g) => g.country || '—' },
    {
      key: 'open',
      header: t('host.guests.stays'),
      align: 'end',
      render: (g) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(g)} aria-label={t('host.guests.staysOf', { guest: g.guest_name || g.guest_email })}>
          {t('host.guests.stays')}
        </Button>
      ),
    },
  ];

  return (
    <Page
      title={t('host.guests.title')}
      description={t('host.guests.description')}
      actions={
        <Button onClick={() => void sync()} isLoading={syncing} disabled={!online.available}>
          {t('host.guests.sync')}
        </Button>
      }
    >
      <OnlineOnlyNote state={online} />
      <div className="guest-filters" role="search" aria-label={t('host.guests.find')}>
        <Input
          label={t('host.guests.search')}
          type="search"
          placeholder={t('host.guests.searchPlaceholder')}
          value={filter.search} onChange={(e) => setFilter({ ...filter, search: e.target.value })} />
        <Select
          label={t('host.guests.vip')}
          value={filter.vip}
          onChange={(e) => isVipFilter(e.target.value) && setFilter({ ...filter, vip: e.target.value })}
          options={[
            { value: 'all', label: t('host.guests.everyone') },
            { value: 'vip', label: t('host.guests.vipOnly') },
            { value: 'regular', label: t('host.guests.notVip') },
          ]}
        />
        <Select
          label={t('host.bookings.status')}
          value={filter.status}
          onChange={(e) => isStatusFilter(e.target.value) && setFilter({ ...filter, status: e.target.value })}
          options={[{ value: 'all', label: t('host.bookings.anyStatus') }, ...GUEST_STATUSES.map((s) => ({ value: s, label: t('host.enum.guestStatus', { value: s }) }))]}
        />
      </div>
      <Card className="card--flush">
        <DataView result={result} empty={{ title: t('host.guests.emptyTitle'), text: t('host.guests.emptyText') }}>
          {(rows) =>
            matching.length ? (
              <>
                <Table caption={t('host.guests.title')} columns={columns} rows={drawn.rows} rowKey={(g) => g.id} />
                <ListFooter {...drawn.footer} text={guestCount(drawn.footer.shown, rows.length)} />
              </>
            ) : (
              <EmptyState
                title={t('host.guests.noMatch')}
                action={
                  <Button variant="secondary" onClick={() => setFilter(NO_GUEST_FILTER)}>
                    {t('host.guests.clearFilters')}
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
