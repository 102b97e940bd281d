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
  type StatsProperty,
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
    expect(roomRevenue(BOOKINGS, PROPERTIES, JUNE)).toEqual([{ currency: 'USD', revenue: 1700, nightsSold: 21, adr: 80.95, revpar: 28.33 }]);
    expect(roomRevenue([], [{ id: 'p1' }], JUNE)).toEqual([{ currency: 'USD', revenue: 0, nightsSold: 0, adr: 0, revpar: 0 }]);
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
      { source: 'airbnb', bookings: 2, revenue: [{ currency: 'USD', amount: 500 }], share: 0.5 },
      { source: 'booking.com', bookings: 1, revenue: [{ currency: 'USD', amount: 1500 }], share: 0.25 },
      { source: 'direct', bookings: 1, revenue: [{ currency: 'USD', amount: 400 }], share: 0.25 },
    ]);
  });

  it('revenue, commission and net per check-in month, summed in exact cents', () => {
    const cents = [0.1, 0.2, 0.7].map((total, i) => b({ property_id: 'p1', check_in_date: `2030-0${i + 1}-10`, check_out_date: `2030-0${i + 1}-11`, total_amount: total, commission_amount: total / 10, net_amount: total - total / 10 }));
    expect(moneyTotals(cents)).toEqual([{ currency: 'USD', bookings: 3, revenue: 1, commission: 0.1, net: 0.9 }]);
    expect(revenueByMonth(BOOKINGS)).toEqual([
      { month: '2030-05', currency: 'USD', bookings: 1, revenue: 500, commission: 60, net: 440 },
      { month: '2030-06', currency: 'USD', bookings: 3, revenue: 1900, commission: 228, net: 1672 },
    ]);
  });

  it('per property with names, every given property listed, highest revenue first', () => {
    expect(revenueByProperty(BOOKINGS, [...PROPERTIES, { id: 'p3', property_name: 'Empty Loft' }])).toEqual([
      { property_id: 'p2', property_name: 'Gion Machiya', currency: 'USD', bookings: 1, revenue: 1500, commission: 180, net: 1320 },
      { property_id: 'p1', property_name: 'Alfama Terrace', currency: 'USD', bookings: 3, revenue: 900, commission: 108, net: 792 },
      { property_id: 'p3', property_name: 'Empty Loft', currency: 'USD', bookings: 0, revenue: 0, commission: 0, net: 0 },
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
    expect(stats.roomRevenue.map((r) => [r.currency, r.revenue])).toEqual([['USD', 1700]]);
    // The May check-in is out of the booking-based figures; the cancellation is out of all.
    expect(stats.totals).toEqual([{ currency: 'USD', bookings: 3, revenue: 1900, commission: 228, net: 1672 }]);
    expect(stats.lengthOfStay).toMatchObject({ count: 3, median: 4, max: 15 });
    expect(stats.leadTime).toMatchObject({ count: 3, min: 0, median: 1, max: 90 });
    expect(stats.sourceMix.map((s) => [s.source, s.bookings])).toEqual([
      ['airbnb', 1],
      ['booking.com', 1],
      ['direct', 1],
    ]);
    expect(stats.byMonth).toEqual([{ month: '2030-06', currency: 'USD', bookings: 3, revenue: 1900, commission: 228, net: 1672 }]);
    expect(stats.byProperty.map((p) => [p.property_name, p.revenue])).toEqual([
      ['Gion Machiya', 1500],
      ['Alfama Terrace', 400],
    ]);
  });
});

describe('three currencies', () => {
  // A host in Austin (USD), Lisbon (EUR) and Kyoto (JPY): every money figure is one entry per
  // currency, equal to the sum of that currency's rows; nothing adds two currencies.
  const HOMES = [
    { id: 'us', property_name: 'Austin', currency: 'USD' },
    { id: 'eu', property_name: 'Lisbon', currency: 'EUR' },
    { id: 'jp', property_name: 'Kyoto', currency: 'JPY' },
  ];
  const ROWS: StatsBooking[] = [
    b({ property_id: 'us', currency: 'USD', check_in_date: '2030-06-02', check_out_date: '2030-06-05', total_amount: 630.3, commission_amount: 75.64, net_amount: 554.66 }),
    b({ property_id: 'us', currency: 'USD', check_in_date: '2030-06-10', check_out_date: '2030-06-11', total_amount: 0.1, commission_amount: 0.01, net_amount: 0.09, booking_source: 'airbnb' }),
    b({ property_id: 'eu', currency: 'EUR', check_in_date: '2030-06-03', check_out_date: '2030-06-07', total_amount: 580.2, commission_amount: 69.62, net_amount: 510.58, booking_source: 'airbnb' }),
    b({ property_id: 'jp', currency: 'JPY', check_in_date: '2030-06-01', check_out_date: '2030-06-04', total_amount: 84000, commission_amount: 10080, net_amount: 73920 }),
    b({ property_id: 'jp', currency: 'JPY', check_in_date: '2030-06-20', check_out_date: '2030-06-27', total_amount: 200001, commission_amount: 24000, net_amount: 176001, booking_status: 'cancelled' }),
  ];
  const keptIn = (currency: string) => ROWS.filter((r) => r.currency === currency && r.booking_status !== 'cancelled');
  const sum = (currency: string, field: 'total_amount' | 'commission_amount' | 'net_amount') => {
    const scale = currency === 'JPY' ? 1 : 100;
    return Math.round(keptIn(currency).reduce((s, r) => s + r[field] * scale, 0)) / scale;
  };

  it('totals each currency apart, the default first', () => {
    expect(moneyTotals(ROWS)).toEqual(
      ['USD', 'EUR', 'JPY'].map((currency) => ({
        currency,
        bookings: keptIn(currency).length,
        revenue: sum(currency, 'total_amount'),
        commission: sum(currency, 'commission_amount'),
        net: sum(currency, 'net_amount'),
      })),
    );
  });

  it('rates, months, properties and sources stay in their currency', () => {
    const stats = periodStats(ROWS, HOMES, JUNE);
    expect(stats.roomRevenue).toEqual([
      { currency: 'USD', revenue: 630.4, nightsSold: 4, adr: 157.6, revpar: 21.01 },
      { currency: 'EUR', revenue: 580.2, nightsSold: 4, adr: 145.05, revpar: 19.34 },
      // Yen have no decimals: 84000 / 30 nights = 2800, 84000 / 3 = 28000.
      { currency: 'JPY', revenue: 84000, nightsSold: 3, adr: 28000, revpar: 2800 },
    ]);
    expect(stats.byMonth.map((m) => [m.month, m.currency, m.revenue])).toEqual([
      ['2030-06', 'USD', sum('USD', 'total_amount')],
      ['2030-06', 'EUR', sum('EUR', 'total_amount')],
      ['2030-06', 'JPY', sum('JPY', 'total_amount')],
    ]);
    expect(stats.byProperty.map((p) => [p.property_name, p.currency, p.revenue])).toEqual([
      ['Austin', 'USD', 630.4],
      ['Lisbon', 'EUR', 580.2],
      ['Kyoto', 'JPY', 84000],
    ]);
    expect(stats.sourceMix.find((s) => s.source === 'airbnb')?.revenue).toEqual([
      { currency: 'USD', amount: 0.1 },
      { currency: 'EUR', amount: 580.2 },
    ]);
  });

  it('rounds a yen stay spread over months to whole yen', () => {
    const stay = b({ property_id: 'jp', currency: 'JPY', check_in_date: '2030-06-29', check_out_date: '2030-07-02', total_amount: 10000 });
    expect(revenueCentsInPeriod(stay, JUNE)).toBe(6667);
    expect(roomRevenue([stay], [HOMES[2] as StatsProperty], JUNE)[0]).toMatchObject({ currency: 'JPY', revenue: 6667, adr: 3334 });
  });

  it('lists every property currency even without bookings', () => {
    expect(moneyTotals([], ['EUR']).map((t) => [t.currency, t.revenue])).toEqual([['EUR', 0]]);
    expect(revenueByProperty([], HOMES).map((p) => [p.property_name, p.currency])).toEqual([
      ['Austin', 'USD'],
      ['Lisbon', 'EUR'],
      ['Kyoto', 'JPY'],
    ]);
  });
});
