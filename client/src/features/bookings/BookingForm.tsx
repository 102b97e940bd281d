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
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={booking ? t('host.bookingForm.titleOf', { guest: booking.guest_name }) : t('host.bookings.new')} size="lg">
      {open ? <BookingFormBody key={booking?.id ?? JSON.stringify(initial ?? {})} booking={booking} initial={initial} onClose={onClose} /> : null}
    </Dialog>
  );
}

function BookingFormBody({ booking, initial, onClose }: { booking: Booking | null; initial?: Partial<BookingDraft>; onClose: () => void }) {
  const format = useFormat();
  const t = useT();
  const { toast } = useToast();
  const { write, pending: saving, failure, clearFailure } = useWrite({ what: t('host.bookingForm.what'), toast: false });
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
      setRefusal({ title: t('host.bookingForm.doubleRefused'), text: t('host.bookingForm.doubleRefusedText', { reason: clash.message }) });
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
    toast({ title: booking ? t('host.bookingForm.saved') : t('host.bookingForm.added'), description: navigator.onLine ? t('host.common.savedOnline') : t('host.common.savedOffline') });
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
    toast({ title: t('host.bookingForm.cancelled'), description: t('host.bookingForm.cancelledText') });
    onClose();
  };

  const sources = sourceOptions(usedSources.status === 'success' ? usedSources.rows.map((b) => b.booking_source) : []);
  if (draft.booking_source && !sources.includes(draft.booking_source)) sources.push(draft.booking_source);

  return (
    <form className="form booking-form" noValidate onSubmit={(e) => void submit(e)} aria-label={booking ? t('host.bookingForm.edit') : t('host.bookings.new')}>
      {refusedBefore ? (
        <FormMessage title={t('host.bookingForm.refusedBefore')}>{refusedBefore.error}</FormMessage>
      ) : null}
      {failure ? (
        <FormMessage title={t('host.bookingForm.notSaved')}>{failure}</FormMessage>
      ) : refusal ? (
        <FormMessage title={refusal.title}>{refusal.text}</FormMessage>
      ) : clash ? (
        <FormMessage tone="warning" title={t('host.bookingForm.taken')}>
          {clash.message}.
        </FormMessage>
      ) : null}
      {blocked ? (
        <FormMessage tone="warning" title={t('host.bookingForm.blocked')}>
          {t('host.bookingForm.blockedText', { reason: blocked })}
        </FormMessage>
      ) : null}
      <div className="form-grid">
        <Select
          label={t('host.bookings.property')}
          required
          value={draft.property_id}
          onChange={(e) => set('property_id', e.target.value)}
          error={shown('property_id')}
          options={[{ value: '', label: propertyList.length ? t('host.common.chooseProperty') : t('host.common.noPropertiesYet') }, ...propertyList.map((p) => ({ value: p.id, label: p.property_name }))]}
        />
        <Input label={t('host.bookingForm.guestName')} value={draft.guest_name} onChange={(e) => set('guest_name', e.target.value)} hint={t('host.bookingForm.guestNameHint')} autoComplete="off" />
        <DateInput label={t('host.bookings.checkIn')} required value={draft.check_in_date} onValueChange={(v) => set('check_in_date', v)} error={shown('check_in_date')} />
        <DateInput
          label={t('host.bookings.checkOut')}
          required value={draft.check_out_date} min={draft.check_in_date || undefined} onValueChange={(v) => set('check_out_date', v)} error={shown('check_out_date')} hint={t('host.bookingForm.checkOutHint')}
        />
        <Input label={t('host.bookingForm.guestEmail')} type="email" value={draft.guest_email} onChange={(e) => set('guest_email', e.target.value)} error={shown('guest_email')} autoComplete="off" />
        <Input label={t('host.bookingForm.guestPhone')} type="tel" value={draft.guest_phone} onChange={(e) => set('guest_phone', e.target.value)} autoComplete="off" />
        <NumberInput
          label={t('host.bookings.guests')}
          min={1}
          step={1}
          value={draft.guests_count}
          onValueChange={(v) => set('guests_count', v)}
          error={shown('guests_count')}
          hint={property ? t('host.bookingForm.sleeps', { count: property.max_guests }) : undefined}
        />
        <NumberInput
          label={t('host.bookings.total')}
          min={0}
          step={1 / 10 ** currencyDecimals(currency)}
          value={draft.total_amount}
          onValueChange={(v) => set('total_amount', v)}
          error={shown('total_amount')}
          suffix={currency}
          hint={property && !booking ? t('host.bookingForm.inPropertyCurrency', { currency }) : booking ? t('host.bookingForm.inBookingCurrency', { currency }) : undefined}
        />
        <Select label={t('host.bookings.source')} value={draft.booking_source} onChange={(e) => set('booking_source', e.target.value)} options={sources.map((s) => ({ value: s, label: sourceLabel(s) }))} />
        <Input label={t('host.bookingForm.reference')} value={draft.booking_reference} onChange={(e) => set('booking_reference', e.target.value)} autoComplete="off" />
        <Select
          label={t('host.bookingForm.status')}
          value={draft.booking_status}
          onChange={(e) => set('booking_status', e.target.value as BookingDraft['booking_status'])}
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: t('host.enum.bookingStatus', { value: s }) }))}
        />
        <Select
          label={t('host.bookings.payment')}
          value={draft.payment_status}
          onChange={(e) => set('payment_status', e.target.value as BookingDraft['payment_status'])}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t('host.enum.paymentStatus', { value: s }) }))}
        />
      </div>
      <Textarea label={t('host.bookingForm.specialRequests')} value={draft.special_requests} onChange={(e) => set('special_requests', e.target.value)} />

      <section className="price-panel" aria-label={t('host.bookingForm.commissionAndNet')}>
        {isSynced && !changedMoney && booking ? (
          <dl className="details">
            <div>
              <dt>{t('host.bookingForm.commission')}</dt>
              <dd data-testid="commission">{format.money(booking.commission_amount, booking.currency)}</dd>
            </div>
            <div>
              <dt>{t('host.bookingForm.netToYou')}</dt>
              <dd data-testid="net">{format.money(booking.net_amount, booking.currency)}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted" data-testid="commission">
            {preview
              ? t('host.bookingForm.onSyncAbout', {
                  commission: format.money(preview.commission_amount, currency),
                  rate: String(profile?.commission_rate),
                  net: format.money(preview.net_amount, currency),
                })
              : t('host.bookingForm.onSync')}
          </p>
        )}
      </section>

      <div className="dialog__footer form-actions">
        {booking && booking.booking_status !== 'cancelled' ? (
          <Button variant="danger" className="form-actions__start" onClick={() => void cancel()}>
            {confirmCancel ? t('host.bookingForm.confirmCancel') : t('host.bookingForm.cancel')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('host.common.close')}
        </Button>
        <Button type="submit" isLoading={saving}>
          {booking ? t('host.bookingForm.save') : t('host.bookingForm.add')}
        </Button>
      </div>
    </form>
  );
}
