/**
 * Revenue and stay statistics for the host and admin screens: occupancy, ADR, RevPAR, length of
 * stay, lead time, source mix, and revenue / commission / net per month and per property. Pure and
 * in integer cents inside; amounts come out in currency units.
 *
 * Two ways of placing a booking in time, each where the industry reads it so:
 * - night-based (occupancy, ADR, RevPAR): a stay counts with the nights that fall in the period,
 *   and its total is spread evenly over its nights (a stay across two months earns in both);
 * - booking-based (length of stay, lead time, source mix, revenue per month and property): a
 *   booking belongs to the month (or period) of its check-in, because commission is charged per
 *   booking.
 * Cancelled bookings count nowhere. Periods are stay dates `[from, to)`, like a stay.
 */
import { holdsDates, nightsOf } from './bookings';
import { daysBetween, toDayNumber } from './dates';
import { fromCents, roundCents, toCents } from './money';

export type StatsBooking = {
  property_id: string;
  check_in_date: string;
  check_out_date: string;
  booking_status: string;
  booking_source: string;
  total_amount: number;
  commission_amount: number;
  net_amount: number;
  /** When the booking was made (an instant); lead time skips bookings without it. */
  created_date?: string | null;
};

export type StatsProperty = { id: string; property_name: string };

/** `[from, to)`, stay dates. */
export type Period = { from: string; to: string };

function kept<T extends Pick<StatsBooking, 'booking_status'>>(bookings: readonly T[]): T[] {
  return bookings.filter(holdsDates);
}

function periodDays(period: Period): number {
  return Math.max(0, daysBetween(period.from, period.to));
}

/** Nights of a stay inside the period. */
export function nightsInPeriod(stay: Pick<StatsBooking, 'check_in_date' | 'check_out_date'>, period: Period): number {
  const from = stay.check_in_date > period.from ? stay.check_in_date : period.from;
  const to = stay.check_out_date < period.to ? stay.check_out_date : period.to;
  return to > from ? daysBetween(from, to) : 0;
}

/** The part of a stay's total earned by its nights inside the period, in cents (rounded once). */
export function revenueCentsInPeriod(booking: Pick<StatsBooking, 'check_in_date' | 'check_out_date' | 'total_amount'>, period: Period): number {
  const nights = nightsOf(booking);
  const inside = nightsInPeriod(booking, period);
  if (nights <= 0 || inside === 0) return 0;
  const total = toCents(booking.total_amount);
  return inside === nights ? total : roundCents((total * inside) / nights);
}

/** Whether a booking's check-in falls in the period. */
export function checksInWithin(booking: Pick<StatsBooking, 'check_in_date'>, period: Period): boolean {
  return booking.check_in_date >= period.from && booking.check_in_date < period.to;
}

export type Occupancy = {
  /** Nights of the period with a stay, per property, added up (two stays on one night count once). */
  occupiedNights: number;
  /** Properties × days of the period. */
  availableNights: number;
  /** occupied / available, 0..1 (0 when nothing is available). */
  rate: number;
};

/**
 * Occupancy of `propertyIds` over the period. Overlapping stays of one property (an import that
 * clashed) do not make a night count twice: stays are merged per property first.
 */
export function occupancy(bookings: readonly StatsBooking[], propertyIds: readonly string[], period: Period): Occupancy {
  const ids = new Set(propertyIds);
  const availableNights = ids.size * periodDays(period);
  const byProperty = new Map<string, [number, number][]>();
  const start = toDayNumber(period.from);
  const end = toDayNumber(period.to);
  for (const b of kept(bookings)) {
    if (!ids.has(b.property_id)) continue;
    const from = Math.max(start, toDayNumber(b.check_in_date));
    const to = Math.min(end, toDayNumber(b.check_out_date));
    if (to <= from) continue;
    const list = byProperty.get(b.property_id);
    if (list) list.push([from, to]);
    else byProperty.set(b.property_id, [[from, to]]);
  }
  let occupiedNights = 0;
  for (const ranges of byProperty.values()) {
    ranges.sort((x, y) => x[0] - y[0]);
    let [curFrom, curTo] = ranges[0] as [number, number];
    for (const [from, to] of ranges.slice(1)) {
      if (from <= curTo) {
        curTo = Math.max(curTo, to);
        continue;
      }
      occupiedNights += curTo - curFrom;
      curFrom = from;
      curTo = to;
    }
    occupiedNights += curTo - curFrom;
  }
  return { occupiedNights, availableNights, rate: availableNights === 0 ? 0 : occupiedNights / availableNights };
}

export type RoomRevenue = {
  /** Revenue of the nights sold in the period, in units. */
  revenue: number;
  /** Nights sold in the period (stays added up). */
  nightsSold: number;
  /** Average daily rate: revenue per night sold, to the cent (0 without nights). */
  adr: number;
  /** Revenue per available night: revenue / (properties × days), to the cent. */
  revpar: number;
};

/** ADR and RevPAR of `propertyIds` over the period, night-based. */
export function roomRevenue(bookings: readonly StatsBooking[], propertyIds: readonly string[], period: Period): RoomRevenue {
  const ids = new Set(propertyIds);
  let cents = 0;
  let nightsSold = 0;
  for (const b of kept(bookings)) {
    if (!ids.has(b.property_id)) continue;
    const inside = nightsInPeriod(b, period);
    if (inside === 0) continue;
    nightsSold += inside;
    cents += revenueCentsInPeriod(b, period);
  }
  const available = ids.size * periodDays(period);
  return {
    revenue: fromCents(cents),
    nightsSold,
    adr: nightsSold === 0 ? 0 : fromCents(roundCents(cents / nightsSold)),
    revpar: available === 0 ? 0 : fromCents(roundCents(cents / available)),
  };
}

export type Distribution = {
  count: number;
  /** Mean, to one decimal (0 when empty). */
  average: number;
  /** Median, the mean of the middle two for an even count (0 when empty). */
  median: number;
  min: number;
  max: number;
};

function distribution(values: number[]): Distribution {
  if (values.length === 0) return { count: 0, average: 0, median: 0, min: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const sum = sorted.reduce((s, v) => s + v, 0);
  return { count: sorted.length, average: Math.round((sum / sorted.length) * 10) / 10, median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

/** Nights per kept booking. */
export function lengthOfStay(bookings: readonly StatsBooking[]): Distribution {
  return distribution(kept(bookings).map(nightsOf));
}

/**
 * Days from the day a booking was made (its UTC day) to its check-in, per kept booking with a
 * created_date. A booking entered after its check-in (a late import) counts as 0, not negative.
 */
export function leadTime(bookings: readonly StatsBooking[]): Distribution {
  const days: number[] = [];
  for (const b of kept(bookings)) {
    if (!b.created_date) continue;
    const made = Date.parse(b.created_date);
    if (Number.isNaN(made)) continue;
    days.push(Math.max(0, daysBetween(new Date(made).toISOString().slice(0, 10), b.check_in_date)));
  }
  return distribution(days);
}

export type SourceShare = {
  source: string;
  bookings: number;
  revenue: number;
  /** Share of the kept bookings, 0..1. */
  share: number;
};

/** Bookings and revenue per booking_source (lower-cased), most bookings first, then by name. */
export function sourceMix(bookings: readonly StatsBooking[]): SourceShare[] {
  const list = kept(bookings);
  const bySource = new Map<string, { bookings: number; cents: number }>();
  for (const b of list) {
    const source = b.booking_source.trim().toLowerCase() || 'other';
    const entry = bySource.get(source) ?? { bookings: 0, cents: 0 };
    entry.bookings += 1;
    entry.cents += toCents(b.total_amount);
    bySource.set(source, entry);
  }
  return [...bySource.entries()]
    .map(([source, e]) => ({ source, bookings: e.bookings, revenue: fromCents(e.cents), share: e.bookings / list.length }))
    .sort((a, b) => b.bookings - a.bookings || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
}

export type MoneyTotals = { bookings: number; revenue: number; commission: number; net: number };

type CentTotals = { bookings: number; revenue: number; commission: number; net: number };

function addTo(totals: CentTotals, b: StatsBooking): void {
  totals.bookings += 1;
  totals.revenue += toCents(b.total_amount);
  totals.commission += toCents(b.commission_amount);
  totals.net += toCents(b.net_amount);
}

function toUnits(t: CentTotals): MoneyTotals {
  return { bookings: t.bookings, revenue: fromCents(t.revenue), commission: fromCents(t.commission), net: fromCents(t.net) };
}

const zero = (): CentTotals => ({ bookings: 0, revenue: 0, commission: 0, net: 0 });

/** Revenue, commission and net of the kept bookings, summed in cents. */
export function moneyTotals(bookings: readonly StatsBooking[]): MoneyTotals {
  const totals = zero();
  for (const b of kept(bookings)) addTo(totals, b);
  return toUnits(totals);
}

/** Per check-in month (`YYYY-MM`), oldest first. */
export function revenueByMonth(bookings: readonly StatsBooking[]): (MoneyTotals & { month: string })[] {
  const byMonth = new Map<string, CentTotals>();
  for (const b of kept(bookings)) {
    const month = b.check_in_date.slice(0, 7);
    const totals = byMonth.get(month) ?? zero();
    addTo(totals, b);
    byMonth.set(month, totals);
  }
  return [...byMonth.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, t]) => ({ month, ...toUnits(t) }));
}

/**
 * Per property, highest revenue first (ties by name). Every given property appears, with zeros
 * when it had no bookings; a booking of a property not given appears under its id.
 */
export function revenueByProperty(
  bookings: readonly StatsBooking[],
  properties: readonly StatsProperty[] = [],
): (MoneyTotals & { property_id: string; property_name: string })[] {
  const byProperty = new Map<string, CentTotals>(properties.map((p) => [p.id, zero()]));
  for (const b of kept(bookings)) {
    const totals = byProperty.get(b.property_id) ?? zero();
    addTo(totals, b);
    byProperty.set(b.property_id, totals);
  }
  const names = new Map(properties.map((p) => [p.id, p.property_name]));
  return [...byProperty.entries()]
    .map(([property_id, t]) => ({ property_id, property_name: names.get(property_id) ?? property_id, ...toUnits(t) }))
    .sort((a, b) => b.revenue - a.revenue || (a.property_name < b.property_name ? -1 : a.property_name > b.property_name ? 1 : 0));
}

export type PeriodStats = {
  period: Period;
  occupancy: Occupancy;
  roomRevenue: RoomRevenue;
  lengthOfStay: Distribution;
  leadTime: Distribution;
  sourceMix: SourceShare[];
  totals: MoneyTotals;
  byMonth: (MoneyTotals & { month: string })[];
  byProperty: (MoneyTotals & { property_id: string; property_name: string })[];
};

/**
 * Everything for one period and a set of properties: night-based figures over the stays in the
 * period, booking-based figures over the bookings checking in within it.
 */
export function periodStats(bookings: readonly StatsBooking[], properties: readonly StatsProperty[], period: Period): PeriodStats {
  const ids = properties.map((p) => p.id);
  const idSet = new Set(ids);
  const checkingIn = bookings.filter((b) => idSet.has(b.property_id) && checksInWithin(b, period));
  return {
    period,
    occupancy: occupancy(bookings, ids, period),
    roomRevenue: roomRevenue(bookings, ids, period),
    lengthOfStay: lengthOfStay(checkingIn),
    leadTime: leadTime(checkingIn),
    sourceMix: sourceMix(checkingIn),
    totals: moneyTotals(checkingIn),
    byMonth: revenueByMonth(checkingIn),
    byProperty: revenueByProperty(checkingIn, properties),
  };
}
