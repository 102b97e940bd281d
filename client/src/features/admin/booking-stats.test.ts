import { describe, expect, it } from 'vitest';
import { averageNightlyRate, bookedNights, bookingTotals, byMonth, bySource, occupancyPercent, stayOn, type BookingLike } from './booking-stats';

function booking(over: Partial<BookingLike>): BookingLike {
  return {
    property_id: 'p1',
    check_in_date: '2025-05-01',
    check_out_date: '2025-05-04',
    booking_source: 'airbnb',
    booking_status: 'confirmed',
    total_amount: 300,
    commission_amount: 36,
    net_amount: 264,
    ...over,
  };
}

const list: BookingLike[] = [
  booking({}),
  booking({ check_in_date: '2025-05-10', check_out_date: '2025-05-12', booking_source: 'vrbo', total_amount: 0.1, commission_amount: 0.01, net_amount: 0.09 }),
  booking({ check_in_date: '2025-06-02', check_out_date: '2025-06-05', booking_source: 'vrbo', total_amount: 0.2, commission_amount: 0.02, net_amount: 0.18 }),
  booking({ check_in_date: '2025-05-20', check_out_date: '2025-05-25', booking_status: 'cancelled', total_amount: 999 }),
  booking({ property_id: 'p2', check_in_date: '2025-04-29', check_out_date: '2025-05-02', booking_source: 'direct', total_amount: 450, commission_amount: 54, net_amount: 396 }),
];

describe('booking stats', () => {
  it('totals live bookings in cents, without float drift and without cancelled stays', () => {
    const usd = (amount: number) => [{ currency: 'USD', amount }];
    expect(bookingTotals(list)).toEqual({ count: 4, nights: 11, gross: usd(750.3), commission: usd(90.03), net: usd(660.27) });
  });

  it('never adds two currencies: one amount per currency, each the sum of its rows', () => {
    const mixed = [
      booking({ total_amount: 300.5, commission_amount: 36.06, net_amount: 264.44 }),
      booking({ currency: 'EUR', total_amount: 145.1, commission_amount: 17.41, net_amount: 127.69, booking_source: 'direct' }),
      booking({ currency: 'JPY', total_amount: 28000, commission_amount: 3360, net_amount: 24640 }),
      booking({ currency: 'JPY', total_amount: 9001, commission_amount: 1080, net_amount: 7921, booking_status: 'cancelled' }),
    ];
    const totals = bookingTotals(mixed);
    expect(totals.gross).toEqual([
      { currency: 'USD', amount: 300.5 },
      { currency: 'EUR', amount: 145.1 },
      { currency: 'JPY', amount: 28000 },
    ]);
    expect(totals.commission.map((m) => m.amount)).toEqual([36.06, 17.41, 3360]);
    expect(bySource(mixed).find((g) => g.source === 'airbnb')?.gross).toEqual([
      { currency: 'USD', amount: 300.5 },
      { currency: 'JPY', amount: 28000 },
    ]);
    expect(averageNightlyRate(mixed)).toEqual([
      { currency: 'USD', amount: 100.17 },
      { currency: 'EUR', amount: 48.37 },
      { currency: 'JPY', amount: 9333 },
    ]);
  });

  it('groups by source, most stays first', () => {
    expect(bySource(list).map((g) => [g.source, g.count, g.gross[0]?.amount])).toEqual([
      ['vrbo', 2, 0.3],
      ['airbnb', 1, 300],
      ['direct', 1, 450],
    ]);
  });

  it('groups by check-in month, latest first', () => {
    expect(byMonth(list).map((g) => [g.month, g.count])).toEqual([
      ['2025-06', 1],
      ['2025-05', 2],
      ['2025-04', 1],
    ]);
  });

  it('counts only the nights inside a window, check-out exclusive', () => {
    expect(bookedNights(list, 'p2', '2025-05-01', '2025-05-31')).toBe(1);
    expect(bookedNights(list, 'p1', '2025-05-01', '2025-05-31')).toBe(5);
    expect(occupancyPercent(list, 'p1', '2025-05-01', 30)).toBe(16.7);
    expect(occupancyPercent(list, 'p1', '2025-05-01', 0)).toBe(0);
  });

  it('averages the nightly rate over live nights', () => {
    expect(averageNightlyRate([booking({})])).toEqual([{ currency: 'USD', amount: 100 }]);
    expect(averageNightlyRate([])).toEqual([]);
  });

  it('finds the stay covering a day, the departure day being free', () => {
    expect(stayOn(list, 'p1', '2025-05-03')?.check_in_date).toBe('2025-05-01');
    expect(stayOn(list, 'p1', '2025-05-04')).toBeUndefined();
    expect(stayOn(list, 'p1', '2025-05-21')).toBeUndefined();
  });
});
