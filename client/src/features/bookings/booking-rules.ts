/**
 * What the booking screens decide before a write: the list filters, the
 * form's inline validation with the server's own reasons (shared/bookings.ts), the local clash
 * check against the bookings this device holds (offline too), and the price preview before the
 * server has computed commission and net. Pure functions, tested without a browser; their texts
 * come from the host catalog (loaded with the host area).
 */
import { DEFAULT_CURRENCY } from '../../../../shared/money';
import { findOverlaps, isValidStay, priceBooking, staysOverlap, type StayRecord } from '../../../../shared/bookings';
import { t } from '../../i18n';
import type { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../../../shared/enums';

export type BookingFilters = {
  propertyId: string;
  source: string;
  status: string;
  payment: string;
  /** Stays that overlap [from, to] (either may be empty). */
  from: string;
  to: string;
  /** Guest name, e-mail, phone or booking reference, case-insensitive. */
  search: string;
};

export const NO_FILTERS: BookingFilters = { propertyId: '', source: '', status: '', payment: '', from: '', to: '', search: '' };

export type FilterableBooking = {
  property_id: string;
  booking_source: string;
  booking_status: string;
  payment_status: string;
  check_in_date: string;
  check_out_date: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string;
  booking_reference: string;
};

export function filterBookings<T extends FilterableBooking>(bookings: readonly T[], f: BookingFilters): T[] {
  const search = f.search.trim().toLowerCase();
  return bookings.filter(
    (b) =>
      (!f.propertyId || b.property_id === f.propertyId) &&
      (!f.source || b.booking_source.toLowerCase() === f.source.toLowerCase()) &&
      (!f.status || b.booking_status === f.status) &&
      (!f.payment || b.payment_status === f.payment) &&
      // A stay is in the range when it has a night on or after `from` and begins on or before `to`.
      (!f.from || b.check_out_date > f.from) &&
      (!f.to || b.check_in_date <= f.to) &&
      (!search || [b.guest_name, b.guest_email, b.guest_phone, b.booking_reference].some((v) => v.toLowerCase().includes(search))),
  );
}

export function activeFilterCount(f: BookingFilters): number {
  return Object.values(f).filter((v) => v.trim() !== '').length;
}

/** The sources offered in pickers: the known ones plus any the host's rows use. */
export const KNOWN_SOURCES = ['airbnb', 'booking.com', 'vrbo', 'expedia', 'google-calendar', 'direct', 'other'] as const;

export function sourceOptions(used: readonly string[]): string[] {
  const all = new Set<string>(KNOWN_SOURCES);
  for (const s of used) if (s.trim()) all.add(s.trim().toLowerCase());
  return [...all];
}

export type BookingDraft = {
  property_id: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string;
  check_in_date: string;
  check_out_date: string;
  guests_count: number | null;
  booking_source: string;
  booking_reference: string;
  total_amount: number | null;
  booking_status: (typeof BOOKING_STATUSES)[number];
  payment_status: (typeof PAYMENT_STATUSES)[number];
  special_requests: string;
};

export function emptyDraft(over: Partial<BookingDraft> = {}): BookingDraft {
  return {
    property_id: '',
    guest_name: '',
    guest_email: '',
    guest_phone: '',
    check_in_date: '',
    check_out_date: '',
    guests_count: 1,
    booking_source: 'direct',
    booking_reference: '',
    total_amount: 0,
    booking_status: 'confirmed',
    payment_status: 'pending',
    special_requests: '',
    ...over,
  };
}

export type DraftErrors = Partial<Record<keyof BookingDraft, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The stays a draft can clash with (localClash): its property's stays ending after its check-in.
 * Bounded by date, so that a draft of the coming weeks is checked from memory and one of years ago
 * reads only the stays from then on (client/src/db/window.ts). Null until the check-in is a day.
 */
export function clashCandidatesQuery(draft: Pick<BookingDraft, 'property_id' | 'check_in_date'>) {
  if (!draft.property_id || !DAY.test(draft.check_in_date)) return null;
  return {
    PageSize: 100_000,
    Filters: [
      { name: 'property_id', op: 'Equal' as const, value: draft.property_id },
      { name: 'check_out_date', op: 'GreaterThan' as const, value: draft.check_in_date },
    ],
  };
}

/**
 * Field errors, in the words the server uses (shared/bookings.ts CHECK_OUT_REASON,
 * guestsCountReason), for a person rather than an API client: the required fields (property,
 * check-in, check-out), check-out after check-in, guests within the property's max_guests, a
 * total that is a non-negative amount with at most two decimals, a well-formed e-mail.
 */
export function validateDraft(draft: BookingDraft, maxGuests: number | null): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.property_id) errors.property_id = t('host.bookingForm.error.property');
  if (!DAY.test(draft.check_in_date)) errors.check_in_date = t('host.bookingForm.error.checkIn');
  if (!DAY.test(draft.check_out_date)) errors.check_out_date = t('host.bookingForm.error.checkOut');
  else if (DAY.test(draft.check_in_date) && !isValidStay(draft)) errors.check_out_date = t('host.bookingForm.error.checkOutAfter');
  if (draft.guests_count === null || !Number.isInteger(draft.guests_count) || draft.guests_count < 1) errors.guests_count = t('host.bookingForm.error.guestsMin');
  else if (maxGuests !== null && draft.guests_count > maxGuests) errors.guests_count = t('host.bookingForm.error.guestsMax', { max: maxGuests });
  if (draft.total_amount === null || draft.total_amount < 0) errors.total_amount = t('host.bookingForm.error.total');
  else if (Math.round(draft.total_amount * 100) !== Number((draft.total_amount * 100).toPrecision(12))) errors.total_amount = t('host.bookingForm.error.decimals');
  if (draft.guest_email.trim() && !EMAIL.test(draft.guest_email.trim())) errors.guest_email = t('host.bookingForm.error.email');
  return errors;
}

/** The local double-booking check (the server's rule and words, shared/bookings.ts overlapMessage): the message, or null. */
export function localClash(draft: BookingDraft, id: string, others: readonly StayRecord[]): { message: string; with: StayRecord } | null {
  if (!draft.property_id || !DAY.test(draft.check_in_date) || !DAY.test(draft.check_out_date) || !isValidStay(draft)) return null;
  const candidate: StayRecord = { id, property_id: draft.property_id, guest_name: draft.guest_name, check_in_date: draft.check_in_date, check_out_date: draft.check_out_date, booking_status: draft.booking_status };
  const first = findOverlaps(candidate, others)[0];
  const guest = first?.guest_name.trim() || t('host.bookings.guest');
  return first ? { message: t('host.bookingForm.overlap', { guest, from: first.check_in_date, to: first.check_out_date }), with: first } : null;
}

/** A block of nights as the form sees it. */
export type BlockRecord = { property_id: string; start_date: string; end_date: string; summary: string };

/**
 * Blocks of the draft's property on its nights (check-out day exclusive), as a warning: the server
 * takes the booking all the same (a block is another calendar's word, not a stay), and the
 * calendar shows the clash. Null when there is none or the dates are not complete.
 */
export function blockOverlapText(draft: BookingDraft, blocks: readonly BlockRecord[], formatDate: (day: string) => string): string | null {
  if (!draft.property_id || !DAY.test(draft.check_in_date) || !DAY.test(draft.check_out_date) || !isValidStay(draft) || draft.booking_status === 'cancelled') return null;
  const hits = blocks
    .filter((b) => b.property_id === draft.property_id && staysOverlap(draft, { check_in_date: b.start_date, check_out_date: b.end_date }))
    .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
  const first = hits[0];
  if (!first) return null;
  return t('host.bookingForm.blockOverlap', {
    summary: first.summary.trim() || t('host.dashboard.blocked'),
    from: formatDate(first.start_date),
    to: formatDate(first.end_date),
    more: hits.length - 1,
  });
}

/**
 * Commission and net at the host's rate, in the booking's currency, as the server will compute
 * them (shown as a preview, and kept on the local row until the server's values arrive).
 */
export function previewPrice(total: number | null, commissionRate: number | null, currency: string = DEFAULT_CURRENCY) {
  if (total === null || total < 0 || commissionRate === null) return null;
  return priceBooking(total, commissionRate, currency);
}

/**
 * The currency a booking is priced in: an existing booking keeps its own (a property's change of
 * currency does not rewrite it); a new one takes its property's; the platform default before a
 * property is chosen.
 */
export function bookingCurrency(booking: { currency?: string | null } | null, property: { currency?: string | null } | undefined): string {
  return booking?.currency || property?.currency || DEFAULT_CURRENCY;
}

/** The fields a draft writes (the server sets host_id, commission and net). */
export function draftFields(draft: BookingDraft): Record<string, unknown> {
  return {
    property_id: draft.property_id,
    guest_name: draft.guest_name.trim() || 'Guest',
    guest_email: draft.guest_email.trim(),
    guest_phone: draft.guest_phone.trim(),
    check_in_date: draft.check_in_date,
    check_out_date: draft.check_out_date,
    guests_count: draft.guests_count ?? 1,
    booking_source: draft.booking_source.trim().toLowerCase() || 'direct',
    booking_reference: draft.booking_reference.trim(),
    total_amount: draft.total_amount ?? 0,
    booking_status: draft.booking_status,
    payment_status: draft.payment_status,
    special_requests: draft.special_requests,
  };
}
