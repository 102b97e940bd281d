/**
 * Figures the admin analytics page derives from booking rows. Pure functions; money is summed in
 * integer cents (shared/money.ts), never accumulated in floating point.
 */
import { fromCents, toCents } from '../../../../shared/money';
import { addDays, nightsBetween } from '../../../../shared/format/dates';

export type BookingLike = {
  property_id: string;
  check_in_date: string;
  check_out_date: string;
  booking_source: string;
  booking_status: string;
  total_amount: number;
  commission_amount: number;
  net_amount: number;
};

/** Cancelled stays earn nothing and occupy nothing. */
export function isLive(b: Pick<BookingLike, 'booking_status'>): boolean {
  return b.booking_status !== 'cancelled';
}

export type Totals = { count: number; nights: number; gross: number; commission: number; net: number };

function totalsOf(bookings: readonly BookingLike[]): Totals {
  let gross = 0;
  let commission = 0;
  let net = 0;
  let nights = 0;
  for (const b of bookings) {
    gross += toCents(b.total_amount);
    commission += toCents(b.commission_amount);
    net += toCents(b.net_amount);
    nights += nightsBetween(b.check_in_date, b.check_out_date);
  }
  return { count: bookings.length, nights, gross: fromCents(gross), commission: fromCents(commission), net: fromCents(net) };
}

/** Totals over the live bookings. */
export function bookingTotals(bookings: readonly BookingLike[]): Totals {
  return totalsOf(bookings.filter(isLive));
}

/** Live bookings grouped by source, largest gross first. */
export function bySource(bookings: readonly BookingLike[]): (Totals & { source: string })[] {
  const groups = new Map<string, BookingLike[]>();
  for (const b of bookings.filter(isLive)) {
    const key = b.booking_source || 'direct';
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  return [...groups.entries()].map(([source, list]) => ({ source, ...totalsOf(list) })).sort((a, b) => b.gross - a.gross || a.source.localeCompare(b.source));
}

/** Live bookings grouped by the month of check-in (`YYYY-MM`), most recent month first. */
export function byMonth(bookings: readonly BookingLike[]): (Totals & { month: string })[] {
  const groups = new Map<string, BookingLike[]>();
  for (const b of bookings.filter(isLive)) {
    const key = b.check_in_date.slice(0, 7);
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  return [...groups.entries()].map(([month, list]) => ({ month, ...totalsOf(list) })).sort((a, b) => b.month.localeCompare(a.month));
}

/**
 * Nights booked inside [from, to) (to exclusive, as a check-out day), for one property: a stay
 * that straddles the window counts only its nights inside it.
 */
export function bookedNights(bookings: readonly BookingLike[], propertyId: string, from: string, to: string): number {
  let nights = 0;
  for (const b of bookings) {
    if (b.property_id !== propertyId || !isLive(b)) continue;
    const start = b.check_in_date > from ? b.check_in_date : from;
    const end = b.check_out_date < to ? b.check_out_date : to;
    if (start < end) nights += nightsBetween(start, end);
  }
  return nights;
}

/** Occupancy of a property over `days` days from `from`, as a percentage rounded to one decimal. */
export function occupancyPercent(bookings: readonly BookingLike[], propertyId: string, from: string, days: number): number {
  if (days <= 0) return 0;
  const nights = bookedNights(bookings, propertyId, from, addDays(from, days));
  return Math.round((Math.min(nights, days) / days) * 1000) / 10;
}

/** Average nightly rate of live bookings (gross over nights), in currency units rounded to the cent. */
export function averageNightlyRate(bookings: readonly BookingLike[]): number {
  const t = bookingTotals(bookings);
  return t.nights === 0 ? 0 : fromCents(Math.round(toCents(t.gross) / t.nights));
}

/** The booking of a property that covers a day (check-in ≤ day < check-out), if any. */
export function stayOn<T extends BookingLike>(bookings: readonly T[], propertyId: string, day: string): T | undefined {
  return bookings.find((b) => b.property_id === propertyId && isLive(b) && b.check_in_date <= day && day < b.check_out_date);
}
