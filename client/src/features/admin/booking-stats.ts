/**
 * Figures the admin analytics page derives from booking rows. Pure functions; money is summed per
 * currency in integer minor units (shared/money.ts `sumByCurrency`), never accumulated in floating
 * point and never added across currencies: every money figure is a list, one amount per currency.
 */
import { sortCurrencies, sumByCurrency, toMinor, fromMinor, type Money } from '../../../../shared/money';
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
  /** ISO 4217 code of the amounts (USD when missing). */
  currency?: string | null;
};

const currencyOf = (b: Pick<BookingLike, 'currency'>) => b.currency || 'USD';

/** Amounts in the order of shared/money.ts `sortCurrencies` (the default first). */
function sorted(list: Money[]): Money[] {
  const order = sortCurrencies(list.map((m) => m.currency));
  return [...list].sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
}

/** Cancelled stays earn nothing and occupy nothing. */
export function isLive(b: Pick<BookingLike, 'booking_status'>): boolean {
  return b.booking_status !== 'cancelled';
}

/** Counts, and money per currency. */
export type Totals = { count: number; nights: number; gross: Money[]; commission: Money[]; net: Money[] };

function totalsOf(bookings: readonly BookingLike[]): Totals {
  const nights = bookings.reduce((n, b) => n + nightsBetween(b.check_in_date, b.check_out_date), 0);
  return {
    count: bookings.length,
    nights,
    gross: sorted(sumByCurrency(bookings, currencyOf, (b) => b.total_amount)),
    commission: sorted(sumByCurrency(bookings, currencyOf, (b) => b.commission_amount)),
    net: sorted(sumByCurrency(bookings, currencyOf, (b) => b.net_amount)),
  };
}

/** Totals over the live bookings. */
export function bookingTotals(bookings: readonly BookingLike[]): Totals {
  return totalsOf(bookings.filter(isLive));
}

/** Live bookings grouped by source, most stays first (amounts of two currencies cannot be ranked). */
export function bySource(bookings: readonly BookingLike[]): (Totals & { source: string })[] {
  const groups = new Map<string, BookingLike[]>();
  for (const b of bookings.filter(isLive)) {
    const key = b.booking_source || 'direct';
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  return [...groups.entries()].map(([source, list]) => ({ source, ...totalsOf(list) })).sort((a, b) => b.count - a.count || a.source.localeCompare(b.source));
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

/** Average nightly rate of live bookings (gross over nights) per currency, rounded to the currency's minor unit. */
export function averageNightlyRate(bookings: readonly BookingLike[]): Money[] {
  const live = bookings.filter(isLive);
  return sortCurrencies(live.map(currencyOf)).map((currency) => {
    const t = totalsOf(live.filter((b) => currencyOf(b) === currency));
    const gross = toMinor(t.gross[0]?.amount ?? 0, currency);
    return { currency, amount: t.nights === 0 ? 0 : fromMinor(Math.round(gross / t.nights), currency) };
  });
}

/** The booking of a property that covers a day (check-in ≤ day < check-out), if any. */
export function stayOn<T extends BookingLike>(bookings: readonly T[], propertyId: string, day: string): T | undefined {
  return bookings.find((b) => b.property_id === propertyId && isLive(b) && b.check_in_date <= day && day < b.check_out_date);
}
