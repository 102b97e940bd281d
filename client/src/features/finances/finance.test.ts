import { describe, expect, it } from 'vitest';
import { bookingCsvColumns, financeByMonth, financeByProperty, financeBySource, financeRows, financeYears, unpaidBookings, type FinanceBooking } from './finance';
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
    booking_status: 'confirmed',
    payment_status: 'paid',
    total_amount: 100,
    commission_amount: 12,
    net_amount: 88,
    ...over,
  };
}

const PROPERTIES = [
  { id: 'p1', property_name: 'Alfama Terrace' },
  { id: 'p2', property_name: 'Gion Machiya' },
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
    const months = financeByMonth(financeRows(BOOKINGS, { year: 2026, propertyId: null }), 2026);
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
    const byProperty = financeByProperty(rows, PROPERTIES);
    expect(byProperty.map((g) => [g.label, g.bookings, g.revenue])).toEqual([
      ['Alfama Terrace', 2, 300.2],
      ['Gion Machiya', 1, 0.2],
    ]);
  });

  it('groups sources case-insensitively, empty as direct', () => {
    const bySource = financeBySource(rows, (s) => s.toUpperCase());
    expect(bySource.map((g) => [g.key, g.label, g.bookings])).toEqual([
      ['airbnb', 'AIRBNB', 2],
      ['booking.com', 'BOOKING.COM', 1],
    ]);
    expect(financeBySource(financeRows(BOOKINGS, { year: 2027, propertyId: null }), (s) => s)[0]?.key).toBe('direct');
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
    expect(header).toBe('booking_id,property,guest_name,guest_email,check_in_date,check_out_date,nights,booking_source,booking_reference,booking_status,payment_status,total_amount,commission_amount,net_amount');
    expect(line).toBe('jan,"Alfama, Lisbon",Guest,,2026-01-30,2026-02-02,3,Airbnb,,confirmed,paid,300.1,36.01,264.09');
  });
});
