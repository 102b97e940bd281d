import { describe, expect, it } from 'vitest';
import {
  leadTime,
  lengthOfStay,
  moneyTotals,
  nightsInPeriod,
  occupancy,
  periodStats,
  revenueByMonth,
  revenueByProperty,
  revenueCentsInPeriod,
  roomRevenue,
  sourceMix,
  type StatsBooking,
} from './stats';

const JUNE = { from: '2030-06-01', to: '2030-07-01' };
const PROPERTIES = [
  { id: 'p1', property_name: 'Alfama Terrace' },
  { id: 'p2', property_name: 'Gion Machiya' },
];

function b(over: Partial<StatsBooking> & Pick<StatsBooking, 'property_id' | 'check_in_date' | 'check_out_date'>): StatsBooking {
  return { booking_status: 'confirmed', booking_source: 'direct', total_amount: 0, commission_amount: 0, net_amount: 0, created_date: null, ...over };
}

/** A fixed month: a stay running into June, a stay running out of it, a cancellation and an imported clash. */
const BOOKINGS: StatsBooking[] = [
  // 5 nights, 2 of them in June.
  b({ property_id: 'p1', check_in_date: '2030-05-29', check_out_date: '2030-06-03', total_amount: 500, commission_amount: 60, net_amount: 440, booking_source: 'airbnb', created_date: '2030-05-01T10:00:00.000Z' }),
  b({ property_id: 'p1', check_in_date: '2030-06-10', check_out_date: '2030-06-14', total_amount: 400, commission_amount: 48, net_amount: 352, created_date: '2030-06-09T23:30:00.000Z' }),
  // 15 nights, 11 of them in June.
  b({ property_id: 'p2', check_in_date: '2030-06-20', check_out_date: '2030-07-05', total_amount: 1500, commission_amount: 180, net_amount: 1320, booking_source: 'Booking.com', created_date: '2030-03-22T00:00:00.000Z' }),
  b({ property_id: 'p2', check_in_date: '2030-06-05', check_out_date: '2030-06-08', total_amount: 300, commission_amount: 36, net_amount: 264, booking_status: 'cancelled' }),
  // Imported over the second stay, entered after its own check-in.
  b({ property_id: 'p1', check_in_date: '2030-06-12', check_out_date: '2030-06-16', booking_source: 'airbnb', created_date: '2030-06-20T08:00:00.000Z' }),
];

describe('night-based figures', () => {
  it('counts the nights of a stay inside a period', () => {
    expect(nightsInPeriod({ check_in_date: '2030-05-29', check_out_date: '2030-06-03' }, JUNE)).toBe(2);
    expect(nightsInPeriod({ check_in_date: '2030-06-20', check_out_date: '2030-07-05' }, JUNE)).toBe(11);
    expect(nightsInPeriod({ check_in_date: '2030-07-01', check_out_date: '2030-07-05' }, JUNE)).toBe(0);
    expect(nightsInPeriod({ check_in_date: '2030-05-20', check_out_date: '2030-06-01' }, JUNE)).toBe(0);
  });

  it('spreads a total over its nights, rounded once to the cent', () => {
    const stay = { check_in_date: '2030-06-29', check_out_date: '2030-07-02', total_amount: 100 };
    expect(revenueCentsInPeriod(stay, JUNE)).toBe(6667);
    expect(revenueCentsInPeriod(stay, { from: '2030-07-01', to: '2030-08-01' })).toBe(3333);
    expect(revenueCentsInPeriod({ ...stay, check_in_date: '2030-06-02', check_out_date: '2030-06-05' }, JUNE)).toBe(10000);
  });

  it('occupancy merges overlapping stays of a property and ignores cancellations', () => {
    // p1: 2 nights + 10..16 merged (6) = 8; p2: 11. Available: 2 × 30.
    expect(occupancy(BOOKINGS, ['p1', 'p2'], JUNE)).toEqual({ occupiedNights: 19, availableNights: 60, rate: 19 / 60 });
    expect(occupancy(BOOKINGS, ['p2'], JUNE)).toEqual({ occupiedNights: 11, availableNights: 30, rate: 11 / 30 });
    expect(occupancy(BOOKINGS, [], JUNE)).toEqual({ occupiedNights: 0, availableNights: 0, rate: 0 });
  });

  it('ADR is revenue per night sold and RevPAR revenue per available night', () => {
    // 200 + 400 + 1100 + 0 over 2 + 4 + 11 + 4 nights sold; 60 available.
    expect(roomRevenue(BOOKINGS, ['p1', 'p2'], JUNE)).toEqual({ revenue: 1700, nightsSold: 21, adr: 80.95, revpar: 28.33 });
    expect(roomRevenue([], ['p1'], JUNE)).toEqual({ revenue: 0, nightsSold: 0, adr: 0, revpar: 0 });
  });
});

describe('booking-based figures', () => {
  it('length of stay over kept bookings', () => {
    expect(lengthOfStay(BOOKINGS)).toEqual({ count: 4, average: 7, median: 4.5, min: 4, max: 15 });
    expect(lengthOfStay([])).toEqual({ count: 0, average: 0, median: 0, min: 0, max: 0 });
  });

  it('lead time from the UTC day of booking, a late entry counting 0', () => {
    // 28 (05-01 → 05-29), 1 (06-09 → 06-10), 90 (03-22 → 06-20), 0 (entered after check-in).
    expect(leadTime(BOOKINGS)).toEqual({ count: 4, average: 29.8, median: 14.5, min: 0, max: 90 });
  });

  it('source mix by lower-cased source, most bookings first', () => {
    expect(sourceMix(BOOKINGS)).toEqual([
      { source: 'airbnb', bookings: 2, revenue: 500, share: 0.5 },
      { source: 'booking.com', bookings: 1, revenue: 1500, share: 0.25 },
      { source: 'direct', bookings: 1, revenue: 400, share: 0.25 },
    ]);
  });

  it('revenue, commission and net per check-in month, summed in exact cents', () => {
    const cents = [0.1, 0.2, 0.7].map((total, i) => b({ property_id: 'p1', check_in_date: `2030-0${i + 1}-10`, check_out_date: `2030-0${i + 1}-11`, total_amount: total, commission_amount: total / 10, net_amount: total - total / 10 }));
    expect(moneyTotals(cents)).toEqual({ bookings: 3, revenue: 1, commission: 0.1, net: 0.9 });
    expect(revenueByMonth(BOOKINGS)).toEqual([
      { month: '2030-05', bookings: 1, revenue: 500, commission: 60, net: 440 },
      { month: '2030-06', bookings: 3, revenue: 1900, commission: 228, net: 1672 },
    ]);
  });

  it('per property with names, every given property listed, highest revenue first', () => {
    expect(revenueByProperty(BOOKINGS, [...PROPERTIES, { id: 'p3', property_name: 'Empty Loft' }])).toEqual([
      { property_id: 'p2', property_name: 'Gion Machiya', bookings: 1, revenue: 1500, commission: 180, net: 1320 },
      { property_id: 'p1', property_name: 'Alfama Terrace', bookings: 3, revenue: 900, commission: 108, net: 792 },
      { property_id: 'p3', property_name: 'Empty Loft', bookings: 0, revenue: 0, commission: 0, net: 0 },
    ]);
    expect(revenueByProperty([b({ property_id: 'px', check_in_date: '2030-01-01', check_out_date: '2030-01-02', total_amount: 5 })])[0]).toMatchObject({
      property_id: 'px',
      property_name: 'px',
      revenue: 5,
    });
  });
});

describe('periodStats', () => {
  it('puts night-based figures over the stays and booking-based ones over the check-ins of the period', () => {
    const stats = periodStats(BOOKINGS, PROPERTIES, JUNE);
    expect(stats.occupancy.occupiedNights).toBe(19);
    expect(stats.roomRevenue.revenue).toBe(1700);
    // The May check-in is out of the booking-based figures; the cancellation is out of all.
    expect(stats.totals).toEqual({ bookings: 3, revenue: 1900, commission: 228, net: 1672 });
    expect(stats.lengthOfStay).toMatchObject({ count: 3, median: 4, max: 15 });
    expect(stats.leadTime).toMatchObject({ count: 3, min: 0, median: 1, max: 90 });
    expect(stats.sourceMix.map((s) => [s.source, s.bookings])).toEqual([
      ['airbnb', 1],
      ['booking.com', 1],
      ['direct', 1],
    ]);
    expect(stats.byMonth).toEqual([{ month: '2030-06', bookings: 3, revenue: 1900, commission: 228, net: 1672 }]);
    expect(stats.byProperty.map((p) => [p.property_name, p.revenue])).toEqual([
      ['Gion Machiya', 1500],
      ['Alfama Terrace', 400],
    ]);
  });
});
