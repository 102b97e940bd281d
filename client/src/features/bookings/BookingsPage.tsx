import { useMemo, useState } from 'react';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../../../shared/enums';
import { TABLE, type Booking } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { SYNCED_TABLES } from '../../db/schema';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { DateInput, FormMessage } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { EmptyState } from '../../components/ui/States';
import { DataView, ListFooter, useShownRows } from '../../components/data-view';
import { BookingsTable } from './BookingsTable';
import { BookingForm } from './BookingForm';
import { NO_FILTERS, activeFilterCount, filterBookings, sourceOptions, type BookingFilters } from './booking-rules';
import { useProperties } from '../../data/common-rows';
import { dismissRejection, useRejectionsOf, usePendingRowIds } from '../../sync/sync-context';
import { sourceLabel } from '../../lib/source-label';
import { useT } from '../../i18n/use-t';
import './bookings.css';

/** The list reads every booking on the device (filters run in memory, offline too), latest first. */
const EVERY_BOOKING = { PageSize: 100_000, OrderByField: 'check_in_date', IsAsc: false } as const;
/** Rows drawn at first, and added by each "Show more" (useShownRows). */
const SHOWN = 200;

type Editing = { booking: Booking | null } | null;

export function HostBookingsPage({ bookingId, propertyId, payment, startNew }: { bookingId?: string; propertyId?: string; payment?: string; startNew?: boolean } = {}) {
  const format = useFormat();
  const t = useT();
  const result = useRows(TABLE.bookings, EVERY_BOOKING);
  const properties = useProperties();
  const pending = usePendingRowIds(SYNCED_TABLES.bookings);
  const rejections = useRejectionsOf(SYNCED_TABLES.bookings);
  const [filters, setFilters] = useState<BookingFilters>({ ...NO_FILTERS, propertyId: propertyId ?? '', payment: payment ?? '' });
  // `?new=1` (the installed app's "New booking" shortcut) opens an empty form at once.
  const [editing, setEditing] = useState<Editing>(startNew ? { booking: null } : null);
  const [openedFromLink, setOpenedFromLink] = useState(false);

  const propertyNames = useMemo(() => new Map((properties.rows ?? []).map((p) => [p.id, p.property_name])), [properties.rows]);
  const filtered = useMemo(() => (result.status === 'success' ? filterBookings(result.rows, filters) : []), [result, filters]);
  const drawn = useShownRows(filtered, SHOWN);
  const sources = useMemo(() => sourceOptions(result.status === 'success' ? result.rows.map((b) => b.booking_source) : []), [result]);

  // A link with ?bookingId= opens that booking once it is on the device.
  if (bookingId && !openedFromLink && result.status === 'success') {
    const linked = result.rows.find((b) => b.id === bookingId);
    setOpenedFromLink(true);
    if (linked) setEditing({ booking: linked });
  }

  const set = (field: keyof BookingFilters, value: string) => setFilters((f) => ({ ...f, [field]: value }));
  const active = activeFilterCount(filters);

  return (
    <Page
      title={t('host.bookings.title')}
      description={t('host.bookings.description')}
      actions={<Button onClick={() => setEditing({ booking: null })}>{t('host.bookings.new')}</Button>}
    >
      {rejections.length ? (
        <section aria-label={t('host.bookings.refusedChanges')} className="rejection-list">
          {rejections.map((r) => (
            <FormMessage key={r.id} title={t('host.bookings.refused', { op: r.op === 'create' ? 'create' : 'change', guest: String(r.fields.guest_name ?? t('host.bookings.aGuest')) })}>
              <p>
                {r.error}
                {typeof r.fields.check_in_date === 'string' && typeof r.fields.check_out_date === 'string'
                  ? t('host.bookings.refusedDates', { from: format.date(r.fields.check_in_date), to: format.date(r.fields.check_out_date) })
                  : ''}
                .
              </p>
              <Button size="sm" variant="secondary" onClick={() => void dismissRejection(r.id)}>
                {t('host.common.dismiss')}
              </Button>
            </FormMessage>
          ))}
        </section>
      ) : null}

      <Card>
        <form className="filter-bar" role="search" aria-label={t('host.bookings.filter')} onSubmit={(e) => e.preventDefault()}>
           <Input label={t('host.bookings.guest')} type="search" placeholder={t('host.bookings.searchPlaceholder')} value={filters.search} onChange={(e) => set('search', e.target.value)} />
          <Select
            label={t('host.bookings.property')}
            value={filters.propertyId}
            onChange={(e) => set('propertyId', e.target.value)}
            options={[{ value: '', label: t('host.common.allProperties') }, ...(properties.rows ?? []).map((p) => ({ value: p.id, label: p.property_name }))]}
          />
          <Select
            label={t('host.bookings.source')}
            value={filters.source}
            onChange={(e) => set('source', e.target.value)}
            options={[{ value: '', label: t('host.bookings.allSources') }, ...sources.map((s) => ({ value: s, label: sourceLabel(s) }))]}
          />
          <Select
            label={t('host.bookings.status')}
            value={filters.status}
            onChange={(e) => set('status', e.target.value)}
            options={[{ value: '', label: t('host.bookings.anyStatus') }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: t('host.enum.bookingStatus', { value: s }) }))]}
          />
          <Select
            label={t('host.bookings.payment')}
            value={filters.payment}
            onChange={(e) => set('payment', e.target.value)}
            options={[{ value: '', label: t('host.bookings.anyPayment') }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t('host.enum.paymentStatus', { value: s }) }))]}
          />
          <DateInput label={t('host.bookings.stayingFrom')} value={filters.from} onValueChange={(v) => set('from', v)} />
          <DateInput label={t('host.bookings.stayingUntil')} value={filters.to} onValueChange={(v) => set('to', v)} />
          {active ? (
            <Button variant="ghost" className="filter-bar__clear" onClick={() => setFilters(NO_FILTERS)}>
              {t('host.common.clearFilters', { count: active })}
            </Button>
          ) : null}
        </form>
      </Card>

      <Card className="card--flush">
        <DataView result={result} empty={{ title: t('host.bookings.emptyTitle'), text: t('host.bookings.emptyText') }}>
          {() =>
            filtered.length === 0 ? (
              <EmptyState
                title={t('host.bookings.noMatch')}
                action={
                  <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                    {t('host.common.clearAllFilters')}
                  </Button>
                }
              />
            ) : (
              <>
                <p className="list-summary" aria-live="polite">
                  {t('host.bookings.count', { count: filtered.length })}
                </p>
                <BookingsTable bookings={drawn.rows} propertyNames={propertyNames} caption={t('host.bookings.title')} onOpen={(b) => setEditing({ booking: b })} pendingIds={pending} />
                <ListFooter {...drawn.footer} />
              </>
            )
          }
        </DataView>
      </Card>
      <BookingForm open={editing !== null} booking={editing?.booking ?? null} onClose={() => setEditing(null)} />
    </Page>
  );
}
