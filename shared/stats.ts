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
 *
 * Money is per currency (docs/decisions.md "Money"): every money figure comes as one entry per
 * currency (the booking's `currency`, USD when a row has none), each summed in that currency's
 * minor units; amounts of two currencies are never added. Counts (occupancy, nights, bookings)
 * are currency-free.
 */
import { holdsDates, nightsOf } from './bookings';
import { daysBetween, toDayNumber } from './dates';
import { DEFAULT_CURRENCY, fromMinor, roundCents, sortCurrencies, toMinor, type Money } from './money';

export type StatsBooking = {
  property_id: string;
  check_in_date: string;
  check_out_date: string;
  booking_status: string;
  booking_source: string;
  total_amount: number;
  commission_amount: number;
  net_amount: number;
  /** ISO 4217 code of the amounts (USD when missing, as rows made before currencies were). */
  currency?: string | null;
  /** When the booking was made (an instant); lead time skips bookings without it. */
  created_date?: string | null;
};

export type StatsProperty = { id: string; property_name: string; currency?: string | null };

/** A booking's or property's currency, the platform default when it has none. */
export function currencyOf(row: { currency?: string | null }): string {
  return row.currency || DEFAULT_CURRENCY;
}

/** The currencies of the rows, the default first and then alphabetically. */
export function currenciesOf(...lists: readonly (readonly { currency?: string | null }[])[]): string[] {
  return sortCurrencies(lists.flatMap((list) => list.map(currencyOf)));
}

const byCurrencyThen = (a: { currency: string }, b: { currency: string }): number => {
  const order = sortCurrencies([a.currency, b.currency]);
  return a.currency === b.currency ? 0 : order[0] === a.currency ? -1 : 1;
};

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

/**
 * The part of a stay's total earned by its nights inside the period, in minor units of the
 * booking's currency (rounded once).
 */
export function revenueCentsInPeriod(booking: Pick<StatsBooking, 'check_in_date' | 'check_out_date' | 'total_amount' | 'currency'>, period: Period): number {
  const nights = nightsOf(booking);
  const inside = nightsInPeriod(booking, period);
  if (nights <= 0 || inside === 0) return 0;
  const total = toMinor(booking.total_amount, currencyOf(booking));
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
  /** ISO 4217 code of the amounts below. */
  currency: string;
  /** Revenue of the nights sold in the period, in units. */
  revenue: number;
  /** Nights sold in the period (stays in this currency added up). */
  nightsSold: number;
  /** Average daily rate: revenue per night sold, to the minor unit (0 without nights). */
  adr: number;
  /** Revenue per available night: revenue / (properties × days), to the minor unit. */
  revpar: number;
};

/** A property of the room figures: its id and the currency it is priced in. */
export type StatsPropertyRef = { id: string; currency?: string | null };

/**
 * ADR and RevPAR of the properties over the period, night-based, one entry per currency (the
 * default first). The properties of a currency's available nights are those priced in it plus any
 * other that sold nights in it (a booking imported in its source's currency); every property
 * currency appears, with zeros when nothing was sold.
 */
export function roomRevenue(bookings: readonly StatsBooking[], properties: readonly StatsPropertyRef[], period: Period): RoomRevenue[] {
  const ids = new Set(properties.map((p) => p.id));
  const days = periodDays(period);
  const per = new Map<string, { cents: number; nightsSold: number; properties: Set<string> }>();
  const entry = (currency: string) => {
    let e = per.get(currency);
    if (!e) per.set(currency, (e = { cents: 0, nightsSold: 0, properties: new Set() }));
    return e;
  };
  for (const p of properties) entry(currencyOf(p)).properties.add(p.id);
  for (const b of kept(bookings)) {
    if (!ids.has(b.property_id)) continue;
    const inside = nightsInPeriod(b, period);
    if (inside === 0) continue;
    const e = entry(currencyOf(b));
    e.nightsSold += inside;
    e.cents += revenueCentsInPeriod(b, period);
    e.properties.add(b.property_id);
  }
  return sortCurrencies(per.keys()).map((currency) => {
    const e = per.get(currency) as { cents: number; nightsSold: number; properties: Set<string> };
    const available = e.properties.size * days;
    return {
      currency,
      revenue: fromMinor(e.cents, currency),
      nightsSold: e.nightsSold,
      adr: e.nightsSold === 0 ? 0 : fromMinor(roundCents(e.cents / e.nightsSold), currency),
      revpar: available === 0 ? 0 : fromMinor(roundCents(e.cents / available), currency),
    };
  });
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
  /** Revenue of the source, one amount per currency (the default first). */
  revenue: Money[];
  /** Share of the kept bookings, 0..1. */
  share: number;
};

/** Bookings and revenue per booking_source (lower-cased), most bookings first, then by name. */
export function sourceMix(bookings: readonly StatsBooking[]): SourceShare[] {
  const list = kept(bookings);
  const bySource = new Map<string, { bookings: number; cents: Map<string, number> }>();
  for (const b of list) {
    const source = b.booking_source.trim().toLowerCase() || 'other';
    const entry = bySource.get(source) ?? { bookings: 0, cents: new Map<string, number>() };
    const currency = currencyOf(b);
    entry.bookings += 1;
    entry.cents.set(currency, (entry.cents.get(currency) ?? 0) + toMinor(b.total_amount, currency));
    bySource.set(source, entry);
  }
  return [...bySource.entries()]
    .map(([source, e]) => ({
      source,
      bookings: e.bookings,
      revenue: sortCurrencies(e.cents.keys()).map((currency) => ({ currency, amount: fromMinor(e.cents.get(currency) ?? 0, currency) })),
      share: e.bookings / list.length,
    }))
    .sort((a, b) => b.bookings - a.bookings || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
}

/** Revenue, commission and net of the bookings of one currency. */
export type MoneyTotals = { currency: string; bookings: number; revenue: number; commission: number; net: number };

type CentTotals = { bookings: number; revenue: number; commission: number; net: number };

function addTo(totals: CentTotals, b: StatsBooking, currency: string): void {
  totals.bookings += 1;
  totals.revenue += toMinor(b.total_amount, currency);
  totals.commission += toMinor(b.commission_amount, currency);
  totals.net += toMinor(b.net_amount, currency);
}

function toUnits(t: CentTotals, currency: string): MoneyTotals {
  return { currency, bookings: t.bookings, revenue: fromMinor(t.revenue, currency), commission: fromMinor(t.commission, currency), net: fromMinor(t.net, currency) };
}

const zero = (): CentTotals => ({ bookings: 0, revenue: 0, commission: 0, net: 0 });

/** Totals per key and currency, in minor units. */
function group(bookings: readonly StatsBooking[], keyOf: (b: StatsBooking) => string): Map<string, Map<string, CentTotals>> {
  const out = new Map<string, Map<string, CentTotals>>();
  for (const b of kept(bookings)) {
    const key = keyOf(b);
    const currency = currencyOf(b);
    let byCurrency = out.get(key);
    if (!byCurrency) out.set(key, (byCurrency = new Map()));
    const totals = byCurrency.get(currency) ?? zero();
    addTo(totals, b, currency);
    byCurrency.set(currency, totals);
  }
  return out;
}

/**
 * Revenue, commission and net of the kept bookings, one entry per currency (the default first),
 * each summed in its minor units. `currencies` adds zero entries (a host's property currencies),
 * so that an empty period still shows its figures in the right currency.
 */
export function moneyTotals(bookings: readonly StatsBooking[], currencies: readonly string[] = []): MoneyTotals[] {
  const byCurrency = group(bookings, () => '').get('') ?? new Map<string, CentTotals>();
  return sortCurrencies([...currencies, ...byCurrency.keys()]).map((currency) => toUnits(byCurrency.get(currency) ?? zero(), currency));
}

/** The totals of one currency out of a per-currency list (zeros when it has none). */
export function totalsIn(list: readonly MoneyTotals[], currency: string): MoneyTotals {
  return list.find((t) => t.currency === currency) ?? { currency, bookings: 0, revenue: 0, commission: 0, net: 0 };
}

/** Per check-in month (`YYYY-MM`) and currency, oldest first, the default currency first within a month. */
export function revenueByMonth(bookings: readonly StatsBooking[]): (MoneyTotals & { month: string })[] {
  const byMonth = group(bookings, (b) => b.check_in_date.slice(0, 7));
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([month, byCurrency]) => sortCurrencies(byCurrency.keys()).map((currency) => ({ month, ...toUnits(byCurrency.get(currency) ?? zero(), currency) })));
}

/**
 * Per property and currency: grouped by currency (the default first), highest revenue first within
 * one (ties by name); amounts of two currencies are never compared. Every given property appears,
 * in its own currency with zeros when it had no bookings; a booking of a property not given
 * appears under its id.
 */
export function revenueByProperty(
  bookings: readonly StatsBooking[],
  properties: readonly StatsProperty[] = [],
): (MoneyTotals & { property_id: string; property_name: string })[] {
  const byProperty = group(bookings, (b) => b.property_id);
  for (const p of properties) {
    const byCurrency = byProperty.get(p.id) ?? new Map<string, CentTotals>();
    if (byCurrency.size === 0) byCurrency.set(currencyOf(p), zero());
    byProperty.set(p.id, byCurrency);
  }
  const names = new Map(properties.map((p) => [p.id, p.property_name]));
  return [...byProperty.entries()]
    .flatMap(([property_id, byCurrency]) =>
      [...byCurrency.entries()].map(([currency, t]) => ({ property_id, property_name: names.get(property_id) ?? property_id, ...toUnits(t, currency) })),
    )
    .sort((a, b) => byCurrencyThen(a, b) || b.revenue - a.revenue || (a.property_name < b.property_name ? -1 : a.property_name > b.property_name ? 1 : 0));
}

export type PeriodStats = {
  period: Period;
  occupancy: Occupancy;
  roomRevenue: RoomRevenue[];
  lengthOfStay: Distribution;
  leadTime: Distribution;
  sourceMix: SourceShare[];
  totals: MoneyTotals[];
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
    roomRevenue: roomRevenue(bookings, properties, period),
    lengthOfStay: lengthOfStay(checkingIn),
    leadTime: leadTime(checkingIn),
    sourceMix: sourceMix(checkingIn),
    totals: moneyTotals(checkingIn, currenciesOf(properties)),
    byMonth: revenueByMonth(checkingIn),
    byProperty: revenueByProperty(checkingIn, properties),
  };
}
