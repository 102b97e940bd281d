/**
 * The analytics page's periods and comparisons: a chosen period, the one
 * just before it to set beside it, and the figures of shared/stats.ts for both. Periods are stay
 * dates `[from, to)`, like a stay. Money figures (ADR, RevPAR, room revenue) are per currency:
 * the page shows one currency at a time (its currency switch), never a sum across currencies.
 */
import { addDays, daysBetween } from '../../../../shared/dates';
import { sortCurrencies } from '../../../../shared/money';
import { checksInWithin, occupancy, periodStats, type Period, type PeriodStats, type RoomRevenue, type StatsBooking, type StatsProperty } from '../../../../shared/stats';

export const PERIOD_PRESETS = ['last-30', 'next-30', 'last-90', 'this-month', 'last-month', 'this-year', 'last-year'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  'last-30': 'Last 30 days',
  'next-30': 'Next 30 days',
  'last-90': 'Last 90 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  'last-year': 'Last year',
};

export function isPeriodPreset(value: unknown): value is PeriodPreset {
  return typeof value === 'string' && (PERIOD_PRESETS as readonly string[]).includes(value);
}

function monthStart(date: string, shift: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + shift;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`;
}

function yearStart(date: string, shift: number): string {
  return `${String(Number(date.slice(0, 4)) + shift).padStart(4, '0')}-01-01`;
}

/**
 * The period of a preset on `today`, and the one before it: the same number of days just before
 * for day counts; the calendar month or year before for months and years (so February is set
 * beside January, not beside 31 days).
 */
export function periodsFor(preset: PeriodPreset, today: string): { current: Period; previous: Period } {
  switch (preset) {
    case 'this-month':
      return { current: { from: monthStart(today, 0), to: monthStart(today, 1) }, previous: { from: monthStart(today, -1), to: monthStart(today, 0) } };
    case 'last-month':
      return { current: { from: monthStart(today, -1), to: monthStart(today, 0) }, previous: { from: monthStart(today, -2), to: monthStart(today, -1) } };
    case 'this-year':
      return { current: { from: yearStart(today, 0), to: yearStart(today, 1) }, previous: { from: yearStart(today, -1), to: yearStart(today, 0) } };
    case 'last-year':
      return { current: { from: yearStart(today, -1), to: yearStart(today, 0) }, previous: { from: yearStart(today, -2), to: yearStart(today, -1) } };
    case 'next-30': {
      const current = { from: today, to: addDays(today, 30) };
      return { current, previous: { from: addDays(today, -30), to: today } };
    }
    case 'last-30':
    case 'last-90': {
      const days = preset === 'last-30' ? 30 : 90;
      // "Last N days" ends with today included.
      const to = addDays(today, 1);
      const from = addDays(to, -days);
      return { current: { from, to }, previous: { from: addDays(from, -days), to: from } };
    }
  }
}

/** The longest custom period (about three years): every day of it is counted for every property. */
export const MAX_CUSTOM_DAYS = 1100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A period the host picks, first and last day included, and the same number of days just before
 * it; or the reason it cannot be used (for the form).
 */
export function customPeriods(first: string, last: string): { current: Period; previous: Period } | { error: string } {
  if (!DAY.test(first) || !DAY.test(last)) return { error: 'Choose the first and the last day' };
  if (last < first) return { error: 'The last day must be on or after the first' };
  const to = addDays(last, 1);
  const days = daysBetween(first, to);
  if (days > MAX_CUSTOM_DAYS) return { error: `Choose at most ${MAX_CUSTOM_DAYS} days` };
  return { current: { from: first, to }, previous: { from: addDays(first, -days), to: first } };
}

/** Days of a period. */
export function periodLength(period: Period): number {
  return Math.max(0, daysBetween(period.from, period.to));
}

export type Cancellations = { cancelled: number; total: number; rate: number };

/** Bookings checking in within the period that were cancelled, of all checking in (cancelled included). */
export function cancellations(bookings: readonly StatsBooking[], propertyIds: readonly string[], period: Period): Cancellations {
  const ids = new Set(propertyIds);
  let total = 0;
  let cancelled = 0;
  for (const b of bookings) {
    if (!ids.has(b.property_id) || !checksInWithin(b, period)) continue;
    total += 1;
    if (b.booking_status === 'cancelled') cancelled += 1;
  }
  return { cancelled, total, rate: total === 0 ? 0 : cancelled / total };
}

export type Comparison = { current: number; previous: number; change: number; percent: number | null };

/** A figure beside its previous value: the change, and the change in percent (null from zero). */
export function compare(current: number, previous: number): Comparison {
  const change = Math.round((current - previous) * 100) / 100;
  const percent = previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return { current, previous, change, percent };
}

export type AnalyticsReport = {
  current: PeriodStats & { cancellations: Cancellations };
  previous: PeriodStats & { cancellations: Cancellations };
  /** Occupancy per property in both periods (0..1). */
  perProperty: { id: string; name: string; current: number; previous: number }[];
};

/** Both periods' figures for the chosen properties. */
export function analyticsReport(bookings: readonly StatsBooking[], properties: readonly StatsProperty[], periods: { current: Period; previous: Period }): AnalyticsReport {
  const ids = properties.map((p) => p.id);
  const current = { ...periodStats(bookings, properties, periods.current), cancellations: cancellations(bookings, ids, periods.current) };
  const previous = { ...periodStats(bookings, properties, periods.previous), cancellations: cancellations(bookings, ids, periods.previous) };
  const perProperty = properties.map((p) => ({
    id: p.id,
    name: p.property_name,
    current: occupancy(bookings, [p.id], periods.current).rate,
    previous: occupancy(bookings, [p.id], periods.previous).rate,
  }));
  return { current, previous, perProperty };
}

/** Source mix of both periods on one list of sources (most bookings now first). */
export function sourceComparison(report: AnalyticsReport): { source: string; current: number; previous: number; share: number }[] {
  const previous = new Map(report.previous.sourceMix.map((s) => [s.source, s.bookings]));
  const rows = report.current.sourceMix.map((s) => ({ source: s.source, current: s.bookings, previous: previous.get(s.source) ?? 0, share: s.share }));
  for (const s of report.previous.sourceMix) if (!rows.some((r) => r.source === s.source)) rows.push({ source: s.source, current: 0, previous: s.bookings, share: 0 });
  return rows;
}

/** The currencies of a report's room figures, in either period (the default first). */
export function reportCurrencies(report: AnalyticsReport): string[] {
  return sortCurrencies([...report.current.roomRevenue, ...report.previous.roomRevenue].map((r) => r.currency));
}

/** A period's room figures in one currency (zeros when nothing is priced or sold in it). */
export function roomIn(stats: Pick<PeriodStats, 'roomRevenue'>, currency: string): RoomRevenue {
  return stats.roomRevenue.find((r) => r.currency === currency) ?? { currency, revenue: 0, nightsSold: 0, adr: 0, revpar: 0 };
}

/** Nights sold in the period, every currency's stays counted (a count, not money). */
export function nightsSold(stats: Pick<PeriodStats, 'roomRevenue'>): number {
  return stats.roomRevenue.reduce((n, r) => n + r.nightsSold, 0);
}
