/**
 * Pure booking rules: stay validity, nights, overlap (check-out day exclusive), commission and net
 * in integer cents (docs/decisions.md "Money", "Dates"), and the texts a refusal carries. The
 * server enforces them on every write path; the client may run them first to warn offline, with the
 * same words.
 */
import { daysBetween } from './dates';
import { commissionCents, DEFAULT_CURRENCY, fromMinor, toMinor } from './money';

export type Stay = { check_in_date: string; check_out_date: string };

/** The fields that decide whether a booking holds its dates. */
export type DateHolder = Stay & { booking_status: string };

/** A booking as the overlap rule sees it. */
export type StayRecord = DateHolder & { id: string; property_id: string; guest_name: string };

/** Reason in "Invalid value for check_out_date: …"; clients and tests match these words. */
export const CHECK_OUT_REASON = 'must be after check_in_date';

/** Check-out is the departure day, not a night: a stay needs at least one night. */
export function isValidStay(stay: Stay): boolean {
  return stay.check_out_date > stay.check_in_date;
}

/** Nights of a stay; the check-out day is not a night. */
export function nightsOf(stay: Stay): number {
  return daysBetween(stay.check_in_date, stay.check_out_date);
}

/** A cancelled booking frees its dates; every other status holds them. */
export function holdsDates(booking: Pick<DateHolder, 'booking_status'>): boolean {
  return booking.booking_status !== 'cancelled';
}

/**
 * Two stays overlap when one starts before the other ends. Check-out days are exclusive, so a
 * stay may start on the day another ends (back-to-back passes).
 */
export function staysOverlap(a: Stay, b: Stay): boolean {
  return a.check_in_date < b.check_out_date && b.check_in_date < a.check_out_date;
}

/**
 * The bookings of `others` that `candidate` would double-book: same property, another row, both
 * holding their dates, nights overlapping. Sorted by check-in, then id.
 */
export function findOverlaps<T extends StayRecord>(candidate: StayRecord, others: readonly T[]): T[] {
  if (!holdsDates(candidate)) return [];
  return others
    .filter((o) => o.id !== candidate.id && o.property_id === candidate.property_id && holdsDates(o) && staysOverlap(candidate, o))
    .sort((a, b) => (a.check_in_date !== b.check_in_date ? (a.check_in_date < b.check_in_date ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The 409 text of a double booking: names the booking in the way, its guest and its dates. */
export function overlapMessage(other: Pick<StayRecord, 'guest_name' | 'check_in_date' | 'check_out_date'>): string {
  const guest = other.guest_name.trim() || 'Guest';
  return `These dates overlap the booking of ${guest} from ${other.check_in_date} to ${other.check_out_date}`;
}

/** Reason in "Invalid value for guests_count: …". */
export function guestsCountReason(maxGuests: number): string {
  return `must be at most ${maxGuests}, the property's max_guests`;
}

export type BookingPrice = {
  /** The total rounded to the cent, in units. */
  total_amount: number;
  commission_amount: number;
  net_amount: number;
};

/**
 * Commission at the host's rate (percent) and net = total − commission, in the booking's currency.
 * Computed in integer minor units of that currency (cents, whole yen) and rounded once, half away
 * from zero, so commission + net is the total to the minor unit.
 */
export function priceBooking(totalAmount: number, commissionRate: number, currency: string = DEFAULT_CURRENCY): BookingPrice {
  if (!Number.isFinite(commissionRate)) throw new RangeError(`Not a commission rate: ${commissionRate}`);
  const total = toMinor(totalAmount, currency);
  const commission = commissionCents(total, commissionRate);
  return { total_amount: fromMinor(total, currency), commission_amount: fromMinor(commission, currency), net_amount: fromMinor(total - commission, currency) };
}
