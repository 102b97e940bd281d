/**
 * Create or edit a booking, offline included: inline validation with the
 * server's rules, the double-booking check against the bookings on this device (the server runs
 * the same rule on push and may still refuse: that refusal shows here and on the list), and
 * commission and net as the server computed them, or a preview at the host's rate until then.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../../../shared/enums';
import { TABLE, type Booking } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { SYNCED_TABLES } from '../../db/schema';
import { useFormat } from '../../lib/display';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DateInput, FormMessage, NumberInput, Textarea } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { humanize } from '../../components/ui/Badge';
import { useToast } from '../../components/ui/Toast';
import { usePendingRowIds, useRejectionsOf } from '../../sync/sync-context';
import { useProperties, useHostProfile } from '../../data/common-rows';
import { currencyDecimals } from '../../../../shared/money';
import { blockOverlapText, bookingCurrency, clashCandidatesQuery, draftFields, emptyDraft, localClash, previewPrice, sourceOptions, validateDraft, type BookingDraft, type DraftErrors } from './booking-rules';
import { cancelBooking, createBooking, updateBooking } from './mutations';
import { sourceLabel } from '../../lib/source-label';
import { useWrite } from '../../data/use-write';
import './bookings.css';

export type BookingFormProps = {
  open: boolean;
  /** The booking being edited; null to create one. */
  booking: Booking | null;
  /** Prefill of a new booking (from the calendar's drag, or a property page). */
  initial?: Partial<BookingDraft>;
  onClose: () => void;
};

function draftOf(b: Booking): BookingDraft {
  return {
    property_id: b.property_id,
    guest_name: b.guest_name,
    guest_email: b.guest_email,
    guest_phone: b.guest_phone,
    check_in_date: b.check_in_date,
    check_out_date: b.check_out_date,
    guests_count: b.guests_count,
    booking_source: b.booking_source,
    booking_reference: b.booking_reference,
    total_amount: b.total_amount,
    booking_status: b.booking_status,
    payment_status: b.payment_status,
    special_requests: b.special_requests,
  };
}

export function BookingForm({ open, booking, initial, onClose }: BookingFormProps) {
  return (
    <Dialog open={open} onClose={onClose} title={booking ? `Booking of ${booking.guest_name}` : 'New booking'} size="lg">
      {open ? <BookingFormBody key={booking?.id ?? JSON.stringify(initial ?? {})} booking={booking} initial={initial} onClose={onClose} /> : null}
    </Dialog>
  );
}

function BookingFormBody({ booking, initial, onClose }: { booking: Booking | null; initial?: Partial<BookingDraft>; onClose: () => void }) {
  const format = useFormat();
  const { toast } = useToast();
  const { write, pending: saving, failure, clearFailure } = useWrite({ what: 'This booking', toast: false });
  const properties = useProperties();
  const profile = useHostProfile();
  const pending = usePendingRowIds(SYNCED_TABLES.bookings);
  const rejections = useRejectionsOf(SYNCED_TABLES.bookings);
  const [draft, setDraft] = useState<BookingDraft>(() => (booking ? draftOf(booking) : emptyDraft(initial)));
  const [submitted, setSubmitted] = useState(false);
  /** Why the last save did not happen on this device's own check (a double booking). */
  const [refusal, setRefusal] = useState<{ title: string; text: string } | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const propertyList = properties.status === 'success' ? properties.rows.filter((p) => p.status !== 'archived' || p.id === draft.property_id) : [];
  useEffect(() => {
    // One property: nothing to choose.
    if (!draft.property_id && propertyList.length === 1) setDraft((d) => ({ ...d, property_id: propertyList[0]?.id ?? '' }));
  }, [draft.property_id, propertyList]);
  const property = propertyList.find((p) => p.id === draft.property_id);

  const clashQuery = clashCandidatesQuery(draft);
  const sameProperty = useRows(TABLE.bookings, clashQuery ?? {}, { enabled: clashQuery !== null });
  const usedSources = useRows(TABLE.bookings, { PageSize: 1, Filters: [{ name: 'booking_source', op: 'NotEqual', value: '' }] });
  const errors: DraftErrors = validateDraft(draft, property?.max_guests ?? null);
  const clash = useMemo(() => (sameProperty.status === 'success' ? localClash(draft, booking?.id ?? '', sameProperty.rows) : null), [draft, booking?.id, sameProperty]);
  const propertyBlocks = useRows(TABLE.calendar_blocks, { PageSize: 5000, Filters: [{ name: 'property_id', op: 'Equal', value: draft.property_id || '-' }] });
  const blocked = useMemo(() => (propertyBlocks.status === 'success' ? blockOverlapText(draft, propertyBlocks.rows, format.date) : null), [draft, propertyBlocks, format.date]);
  const refusedBefore = booking ? rejections.find((r) => r.rowId === booking.id) : undefined;

  // Live errors once a field has a value; every error after a submit attempt.
  const shown = (field: keyof BookingDraft): string | undefined => {
    const value = draft[field];
    const touched = submitted || (value !== '' && value !== null && field !== 'property_id');
    return touched ? errors[field] : undefined;
  };
  const set = <K extends keyof BookingDraft>(field: K, value: BookingDraft[K]) => {
    setRefusal(null);
    clearFailure();
    setDraft((d) => ({ ...d, [field]: value }));
  };

  const isSynced = booking !== null && !pending.has(booking.id);
  const currency = bookingCurrency(booking, property);
  const preview = previewPrice(draft.total_amount, profile?.commission_rate ?? null, currency);
  const changedMoney = booking !== null && draft.total_amount !== booking.total_amount;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    if (clash) {
      setRefusal({ title: 'Double booking refused', text: `${clash.message}. Choose other dates or another property.` });
      return;
    }
    // A new booking is priced in its property's currency, also when made offline (the server
    // fills the property's when a row arrives without one).
    const fields: Record<string, unknown> = { ...draftFields(draft), currency };
    // The server recomputes commission and net (it ignores a client's values); the local row
    // carries the preview meanwhile so that totals on this device add up.
    const price = previewPrice(draft.total_amount, profile?.commission_rate ?? 0, currency);
    if (price && (!booking || changedMoney)) Object.assign(fields, { commission_amount: price.commission_amount, net_amount: price.net_amount });
    const saved = await write(booking ? updateBooking(booking.id, fields) : createBooking(fields));
    if (!saved.ok) return;
    toast({ title: booking ? 'Booking saved' : 'Booking added', description: navigator.onLine ? 'Saved. It syncs now.' : 'Saved on this device. It syncs when you are back online.' });
    onClose();
  };

  const cancel = async () => {
    if (!booking) return;
    if (!confirmCancel) {
      setConfirmCancel(true);
      return;
    }
    const cancelled = await write(cancelBooking(booking.id));
    if (!cancelled.ok) return;
    toast({ title: 'Booking cancelled', description: 'Its dates are free again.' });
    onClose();
  };

  const sources = sourceOptions(usedSources.status === 'success' ? usedSources.rows.map((b) => b.booking_source) : []);
  if (draft.booking_source && !sources.includes(draft.booking_source)) sources.push(draft.booking_source);

  return (
    <form className="form booking-form" noValidate onSubmit={(e) => void submit(e)} aria-label={booking ? 'Edit booking' : 'New booking'}>
      {refusedBefore ? (
        <FormMessage title="The server refused the last change to this booking">{refusedBefore.error}</FormMessage>
      ) : null}
      {failure ? (
        <FormMessage title="Booking not saved">{failure}</FormMessage>
      ) : refusal ? (
        <FormMessage title={refusal.title}>{refusal.text}</FormMessage>
      ) : clash ? (
        <FormMessage tone="warning" title="These dates are taken">
          {clash.message}.
        </FormMessage>
      ) : null}
      {blocked ? (
        <FormMessage tone="warning" title="These dates are blocked">
          {blocked}. The booking can still be saved; the calendar will show it as a clash until one of them moves.
        </FormMessage>
      ) : null}
      <div className="form-grid">
        <Select
          label="Property"
          required
          value={draft.property_id}
          onChange={(e) => set('property_id', e.target.value)}
          error={shown('property_id')}
          options={[{ value: '', label: propertyList.length ? 'Choose a property' : 'No properties yet' }, ...propertyList.map((p) => ({ value: p.id, label: p.property_name }))]}
        />
        <Input label="Guest name" value={draft.guest_name} onChange={(e) => set('guest_name', e.target.value)} hint="“Guest” when left empty" autoComplete="off" />
        <DateInput label="Check-in" required value={draft.check_in_date} onValueChange={(v) => set('check_in_date', v)} error={shown('check_in_date')} />
        <DateInput label="Check-out" required value={draft.check_out_date} min={draft.check_in_date || undefined} onValueChange={(v) => set('check_out_date', v)} error={shown('check_out_date')} hint="The departure day (not a night)" />
        <Input label="Guest e-mail" type="email" value={draft.guest_email} onChange={(e) => set('guest_email', e.target.value)} error={shown('guest_email')} autoComplete="off" />
        <Input label="Guest phone" type="tel" value={draft.guest_phone} onChange={(e) => set('guest_phone', e.target.value)} autoComplete="off" />
        <NumberInput
          label="Guests"
          min={1}
          step={1}
          value={draft.guests_count}
          onValueChange={(v) => set('guests_count', v)}
          error={shown('guests_count')}
          hint={property ? `This property sleeps ${property.max_guests}` : undefined}
        />
        <NumberInput label="Total" min={0} step={1 / 10 ** currencyDecimals(currency)} value={draft.total_amount} onValueChange={(v) => set('total_amount', v)} error={shown('total_amount')} suffix={currency} hint={property && !booking ? `In ${currency}, the property's currency` : booking ? `In ${currency}, the currency of this booking` : undefined} />
        <Select label="Source" value={draft.booking_source} onChange={(e) => set('booking_source', e.target.value)} options={sources.map((s) => ({ value: s, label: sourceLabel(s) }))} />
        <Input label="Booking reference" value={draft.booking_reference} onChange={(e) => set('booking_reference', e.target.value)} autoComplete="off" />
        <Select
          label="Booking status"
          value={draft.booking_status}
          onChange={(e) => set('booking_status', e.target.value as BookingDraft['booking_status'])}
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
        />
        <Select
          label="Payment"
          value={draft.payment_status}
          onChange={(e) => set('payment_status', e.target.value as BookingDraft['payment_status'])}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
        />
      </div>
      <Textarea label="Special requests" value={draft.special_requests} onChange={(e) => set('special_requests', e.target.value)} />

      <section className="price-panel" aria-label="Commission and net">
        {isSynced && !changedMoney && booking ? (
          <dl className="details">
            <div>
              <dt>Commission</dt>
              <dd data-testid="commission">{format.money(booking.commission_amount, booking.currency)}</dd>
            </div>
            <div>
              <dt>Net to you</dt>
              <dd data-testid="net">{format.money(booking.net_amount, booking.currency)}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted" data-testid="commission">
            Commission and net: calculated on sync
            {preview ? ` (about ${format.money(preview.commission_amount, currency)} commission at your ${profile?.commission_rate}% rate, ${format.money(preview.net_amount, currency)} net)` : ''}.
          </p>
        )}
      </section>

      <div className="dialog__footer form-actions">
        {booking && booking.booking_status !== 'cancelled' ? (
          <Button variant="danger" className="form-actions__start" onClick={() => void cancel()}>
            {confirmCancel ? 'Confirm: cancel this booking' : 'Cancel booking'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" isLoading={saving}>
          {booking ? 'Save booking' : 'Add booking'}
        </Button>
      </div>
    </form>
  );
}
