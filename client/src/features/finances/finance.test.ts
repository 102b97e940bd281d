import { describe, expect, it } from 'vitest';
import {
  bookingCsvColumns,
  financeByMonth,
  financeByProperty,
  financeBySource,
  financeCurrencies,
  financeRows,
  financeYears,
  groupCsvColumns,
  unpaidBookings,
  type FinanceBooking,
} from './finance';
import { toCsv } from './csv';
import { monthLabel } from '../../lib/months';

let n = 0;
function b(over: Partial<FinanceBooking>): FinanceBooking {
  n += 1;
  return {
    id: `b${n}`,
    property_id: 'p1',
    guest_name: 'Guest',
    guest_email: '',
    check_in_date: '2026-03-10',
    check_out_date: '2026-03-12',
    booking_source: 'direct',
    booking_reference: '',
    currency: 'USD',
    booking_status: 'confirmed',
    payment_status: 'paid',
    total_amount: 100,
    commission_amount: 12,
    net_amount: 88,
    ...over,
  };
}

const PROPERTIES = [
  { id: 'p1', property_name: 'Alfama Terrace', currency: 'USD' },
  { id: 'p2', property_name: 'Gion Machiya', currency: 'USD' },
];

const BOOKINGS = [
  b({ id: 'jan', check_in_date: '2026-01-30', check_out_date: '2026-02-02', total_amount: 300.1, commission_amount: 36.01, net_amount: 264.09, booking_source: 'Airbnb' }),
  b({ id: 'mar1', check_in_date: '2026-03-01', total_amount: 0.1, commission_amount: 0.01, net_amount: 0.09, booking_source: 'airbnb' }),
  b({ id: 'mar2', property_id: 'p2', check_in_date: '2026-03-20', total_amount: 0.2, commission_amount: 0.02, net_amount: 0.18, booking_source: 'booking.com', payment_status: 'pending' }),
  b({ id: 'cancelled', check_in_date: '2026-03-05', total_amount: 999, booking_status: 'cancelled', payment_status: 'pending' }),
  b({ id: 'lastyear', check_in_date: '2025-12-31', check_out_date: '2026-01-02', total_amount: 50, payment_status: 'partial' }),
  b({ id: 'nextyear', check_in_date: '2027-01-01', total_amount: 70, booking_source: '' }),
];

describe('financeRows', () => {
  it('keeps non-cancelled check-ins of the year, of the property, oldest first', () => {
    expect(financeRows(BOOKINGS, { year: 2026, propertyId: null }).map((r) => r.id)).toEqual(['jan', 'mar1', 'mar2']);
    expect(financeRows(BOOKINGS, { year: 2026, propertyId: 'p2' }).map((r) => r.id)).toEqual(['mar2']);
    expect(financeRows(BOOKINGS, { year: 2025, propertyId: null }).map((r) => r.id)).toEqual(['lastyear']);
  });
});

describe('financeByMonth', () => {
  it('lists all twelve months with the bookings behind each, summed in cents', () => {
    const months = financeByMonth(financeRows(BOOKINGS, { year: 2026, propertyId: null }), 2026, 'USD');
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({ key: '2026-01', label: 'Jan 2026', bookings: 1, revenue: 300.1 });
    expect(months[1]).toMatchObject({ key: '2026-02', bookings: 0, revenue: 0, rows: [] });
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; cents make it 0.3.
    expect(months[2]).toMatchObject({ key: '2026-03', bookings: 2, revenue: 0.3, commission: 0.03, net: 0.27 });
    expect(months[2]?.rows.map((r) => r.id)).toEqual(['mar1', 'mar2']);
  });
});

describe('financeByProperty and financeBySource', () => {
  const rows = financeRows(BOOKINGS, { year: 2026, propertyId: null });

  it('lists every property, highest gross first', () => {
    const byProperty = financeByProperty(rows, PROPERTIES, 'USD', 'Unknown property');
    expect(byProperty.map((g) => [g.label, g.bookings, g.revenue])).toEqual([
      ['Alfama Terrace', 2, 300.2],
      ['Gion Machiya', 1, 0.2],
    ]);
  });

  it('groups sources case-insensitively, empty as direct', () => {
    const bySource = financeBySource(rows, (s) => s.toUpperCase(), 'USD');
    expect(bySource.map((g) => [g.key, g.label, g.bookings])).toEqual([
      ['airbnb', 'AIRBNB', 2],
      ['booking.com', 'BOOKING.COM', 1],
    ]);
    expect(financeBySource(financeRows(BOOKINGS, { year: 2027, propertyId: null }), (s) => s, 'USD')[0]?.key).toBe('direct');
  });
});

describe('unpaidBookings', () => {
  it('keeps pending and partial payments of live bookings, any year, soonest first', () => {
    expect(unpaidBookings(BOOKINGS, null).map((r) => r.id)).toEqual(['lastyear', 'mar2']);
    expect(unpaidBookings(BOOKINGS, 'p2').map((r) => r.id)).toEqual(['mar2']);
  });
});

describe('financeYears and monthLabel', () => {
  it('answers the years with check-ins plus the current one, newest first', () => {
    expect(financeYears(BOOKINGS, 2028)).toEqual([2028, 2027, 2026, 2025]);
  });
  it('names a month', () => {
    expect(monthLabel('2026-12')).toBe('Dec 2026');
  });
});

describe('booking export', () => {
  it('writes the rows behind a figure with the property name', () => {
    const text = toCsv(bookingCsvColumns((id) => (id === 'p1' ? 'Alfama, Lisbon' : id)), [BOOKINGS[0] as FinanceBooking]);
    const [header, line] = text.split('\r\n');
    expect(header).toBe('booking_id,property,guest_name,guest_email,check_in_date,check_out_date,nights,booking_source,booking_reference,booking_status,payment_status,currency,total_amount,commission_amount,net_amount');
    expect(line).toBe('jan,"Alfama, Lisbon",Guest,,2026-01-30,2026-02-02,3,Airbnb,,confirmed,paid,USD,300.1,36.01,264.09');
  });
});

describe('three currencies', () => {
  // A host with stays in dollars, euros and yen: every figure is per currency and equals the sum
  // of that currency's rows; no figure adds two currencies.
  const MIXED = [
    b({ id: 'us1', property_id: 'p1', check_in_date: '2026-04-02', total_amount: 210.5, commission_amount: 25.26, net_amount: 185.24, currency: 'USD' }),
    b({ id: 'us2', property_id: 'p1', check_in_date: '2026-04-20', total_amount: 99.99, commission_amount: 12, net_amount: 87.99, currency: 'USD' }),
    b({ id: 'eu1', property_id: 'p2', check_in_date: '2026-04-05', total_amount: 145.1, commission_amount: 17.41, net_amount: 127.69, currency: 'EUR' }),
    b({ id: 'jp1', property_id: 'p3', check_in_date: '2026-04-07', total_amount: 28000, commission_amount: 3360, net_amount: 24640, currency: 'JPY', booking_source: 'airbnb' }),
    b({ id: 'jp2', property_id: 'p3', check_in_date: '2026-05-07', total_amount: 31555, commission_amount: 3787, net_amount: 27768, currency: 'JPY' }),
  ];
  const THREE = [
    { id: 'p1', property_name: 'Austin', currency: 'USD' },
    { id: 'p2', property_name: 'Lisbon', currency: 'EUR' },
    { id: 'p3', property_name: 'Kyoto', currency: 'JPY' },
  ];
  const rows = financeRows(MIXED, { year: 2026, propertyId: null });
  const sum = (currency: string, field: 'total_amount' | 'commission_amount' | 'net_amount') =>
    Math.round(MIXED.filter((r) => r.currency === currency).reduce((s, r) => s + r[field] * 100, 0)) / 100;

  it('lists the currencies, the default first', () => {
    expect(financeCurrencies(MIXED, THREE)).toEqual(['USD', 'EUR', 'JPY']);
  });

  it('sums each month, property and site in one currency only', () => {
    for (const currency of ['USD', 'EUR', 'JPY']) {
      const months = financeByMonth(rows, 2026, currency);
      expect(months.every((m) => m.currency === currency && m.rows.every((r) => r.currency === currency))).toBe(true);
      expect(months.reduce((s, m) => s + m.revenue * 100, 0) / 100).toBeCloseTo(sum(currency, 'total_amount'), 9);
      expect(months.reduce((s, m) => s + m.commission * 100, 0) / 100).toBeCloseTo(sum(currency, 'commission_amount'), 9);
      const byProperty = financeByProperty(rows, THREE, currency, 'Unknown property');
      expect(byProperty).toHaveLength(1);
      expect(byProperty[0]?.revenue).toBe(sum(currency, 'total_amount'));
      expect(byProperty[0]?.net).toBe(sum(currency, 'net_amount'));
    }
    expect(financeByMonth(rows, 2026, 'JPY')[4]).toMatchObject({ key: '2026-05', bookings: 1, revenue: 31555 });
    expect(financeBySource(rows, (s) => s, 'JPY').map((g) => [g.key, g.revenue])).toEqual([
      ['direct', 31555],
      ['airbnb', 28000],
    ]);
  });

  it('writes the currency of each figure and each booking into the CSV', () => {
    const summary = toCsv(groupCsvColumns('property'), financeByProperty(rows, THREE, 'EUR', 'Unknown property')).split('\r\n');
    expect(summary).toEqual(['property,currency,bookings,gross,commission,net', 'Lisbon,EUR,1,145.1,17.41,127.69', '']);
    const lines = toCsv(bookingCsvColumns((id) => id), rows).split('\r\n').slice(1, -1);
    expect(lines.map((l) => l.split(',')[11])).toEqual(['USD', 'EUR', 'JPY', 'USD', 'JPY']);
  });
});
