/**
 * The finance page's figures: gross, commission and net per check-in month,
 * per property and per booking site for a chosen year and property, the unpaid bookings, and the
 * booking rows behind every figure (for the CSV exports). Sums come from shared/stats.ts
 * (integer minor units inside, cancelled bookings left out), so this page and the server agree.
 * Money never adds two currencies: the month, property and site groups are of one currency (the
 * page's currency switch), and every export names the currency of its amounts.
 */
import { holdsDates, nightsOf } from '../../../../shared/bookings';
import { currenciesOf, currencyOf, moneyTotals, totalsIn, type MoneyTotals } from '../../../../shared/stats';
import type { Booking } from '../../data/tables';
import type { CsvColumn } from './csv';
import { monthLabel } from '../../lib/months';

export type FinanceBooking = Pick<
  Booking,
  | 'id'
  | 'property_id'
  | 'guest_name'
  | 'guest_email'
  | 'check_in_date'
  | 'check_out_date'
  | 'booking_source'
  | 'booking_reference'
  | 'currency'
  | 'booking_status'
  | 'payment_status'
  | 'total_amount'
  | 'commission_amount'
  | 'net_amount'
>;

/** What the page shows: one calendar year of check-ins, all properties or one. */
export type FinanceFilter = { year: number; propertyId: string | null };

/** A figure's line: its key, its label, its totals and the bookings they add up. */
export type FinanceGroup<B extends FinanceBooking = FinanceBooking> = MoneyTotals & { key: string; label: string; rows: B[] };

export const UNPAID_STATUSES: readonly string[] = ['pending', 'partial'];

/** Years that have check-ins, and the current one, newest first. */
export function financeYears(bookings: readonly Pick<FinanceBooking, 'check_in_date'>[], currentYear: number): number[] {
  const years = new Set<number>([currentYear]);
  for (const b of bookings) {
    const year = Number(b.check_in_date.slice(0, 4));
    if (Number.isInteger(year) && year > 1900) years.add(year);
  }
  return [...years].sort((a, b) => b - a);
}

function matchesProperty(b: Pick<FinanceBooking, 'property_id'>, propertyId: string | null): boolean {
  return propertyId === null || b.property_id === propertyId;
}

/** The bookings that count in the filter: not cancelled, checking in within the year, of the property. */
export function financeRows<B extends FinanceBooking>(bookings: readonly B[], filter: FinanceFilter): B[] {
  const from = `${filter.year}-01-01`;
  const to = `${filter.year + 1}-01-01`;
  return bookings
    .filter((b) => holdsDates(b) && matchesProperty(b, filter.propertyId) && b.check_in_date >= from && b.check_in_date < to)
    .sort((a, b) => (a.check_in_date < b.check_in_date ? -1 : a.check_in_date > b.check_in_date ? 1 : a.id < b.id ? -1 : 1));
}

function group<B extends FinanceBooking>(rows: readonly B[], keyOf: (b: B) => string): Map<string, B[]> {
  const groups = new Map<string, B[]>();
  for (const b of rows) {
    const key = keyOf(b);
    const list = groups.get(key);
    if (list) list.push(b);
    else groups.set(key, [b]);
  }
  return groups;
}

/** The currencies the page can show: of the properties and of the bookings, the default first. */
export function financeCurrencies(bookings: readonly Pick<FinanceBooking, 'currency'>[], properties: readonly { currency?: string | null }[]): string[] {
  return currenciesOf(properties, bookings);
}

/** The rows priced in `currency`. */
export function inCurrency<B extends { currency?: string | null }>(rows: readonly B[], currency: string): B[] {
  return rows.filter((b) => currencyOf(b) === currency);
}

function toGroup<B extends FinanceBooking>(key: string, label: string, rows: B[], currency: string): FinanceGroup<B> {
  return { key, label, rows, ...totalsIn(moneyTotals(inCurrency(rows, currency)), currency) };
}

/** All twelve months of the year in one currency, January first; months without check-ins have zeros. */
export function financeByMonth<B extends FinanceBooking>(rows: readonly B[], year: number, currency: string): FinanceGroup<B>[] {
  const groups = group(inCurrency(rows, currency), (b) => b.check_in_date.slice(0, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const key = `${year}-${String(i + 1).padStart(2, '0')}`;
    return toGroup(key, monthLabel(key), groups.get(key) ?? [], currency);
  });
}

/**
 * Per property in one currency (every given property priced in it listed, and any other with
 * bookings in it, named `unknownName` when it is not among them), highest gross first, then by name.
 */
export function financeByProperty<B extends FinanceBooking>(
  rows: readonly B[],
  properties: readonly { id: string; property_name: string; currency?: string | null }[],
  currency: string,
  unknownName: string,
): FinanceGroup<B>[] {
  const groups = group(inCurrency(rows, currency), (b) => b.property_id);
  const names = new Map(properties.map((p) => [p.id, p.property_name]));
  const keys = new Set([...inCurrency(properties, currency).map((p) => p.id), ...groups.keys()]);
  return [...keys]
    .map((id) => toGroup(id, names.get(id) ?? unknownName, groups.get(id) ?? [], currency))
    .sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label));
}

/** Per booking site in one currency (lower-cased; empty reads as direct), highest gross first, then by name. */
export function financeBySource<B extends FinanceBooking>(rows: readonly B[], labelOf: (source: string) => string, currency: string): FinanceGroup<B>[] {
  const groups = group(inCurrency(rows, currency), (b) => b.booking_source.trim().toLowerCase() || 'direct');
  return [...groups.entries()]
    .map(([source, list]) => toGroup(source, labelOf(source), list, currency))
    .sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label));
}

/**
 * Bookings still to be paid (payment pending or partial, not cancelled), any date, of the chosen
 * property: money owed last year is still owed. Soonest check-in first.
 */
export function unpaidBookings<B extends FinanceBooking>(bookings: readonly B[], propertyId: string | null): B[] {
  return bookings
    .filter((b) => holdsDates(b) && matchesProperty(b, propertyId) && UNPAID_STATUSES.includes(b.payment_status))
    .sort((a, b) => (a.check_in_date < b.check_in_date ? -1 : a.check_in_date > b.check_in_date ? 1 : 0));
}

/** The columns of every booking export: the rows behind a figure, as the bookings list has them. */
export function bookingCsvColumns(propertyName: (id: string) => string): CsvColumn<FinanceBooking>[] {
  return [
    { header: 'booking_id', value: (b) => b.id },
    { header: 'property', value: (b) => propertyName(b.property_id) },
    { header: 'guest_name', value: (b) => b.guest_name },
    { header: 'guest_email', value: (b) => b.guest_email },
    { header: 'check_in_date', value: (b) => b.check_in_date },
    { header: 'check_out_date', value: (b) => b.check_out_date },
    { header: 'nights', value: (b) => nightsOf(b) },
    { header: 'booking_source', value: (b) => b.booking_source },
    { header: 'booking_reference', value: (b) => b.booking_reference },
    { header: 'booking_status', value: (b) => b.booking_status },
    { header: 'payment_status', value: (b) => b.payment_status },
    { header: 'currency', value: (b) => currencyOf(b) },
    { header: 'total_amount', value: (b) => b.total_amount },
    { header: 'commission_amount', value: (b) => b.commission_amount },
    { header: 'net_amount', value: (b) => b.net_amount },
  ];
}

/** The columns of a summary export (one line per month, property or site, of one currency). */
export function groupCsvColumns(keyHeader: string): CsvColumn<FinanceGroup>[] {
  return [
    { header: keyHeader, value: (g) => g.label },
    { header: 'currency', value: (g) => g.currency },
    { header: 'bookings', value: (g) => g.bookings },
    { header: 'gross', value: (g) => g.revenue },
    { header: 'commission', value: (g) => g.commission },
    { header: 'net', value: (g) => g.net },
  ];
}
