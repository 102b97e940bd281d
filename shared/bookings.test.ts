import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findOverlaps, holdsDates, isValidStay, nightsOf, overlapMessage, priceBooking, staysOverlap, type StayRecord } from './bookings';
import { addDays } from './dates';
import { toCents } from './money';

function stay(id: string, check_in_date: string, check_out_date: string, over: Partial<StayRecord> = {}): StayRecord {
  return { id, property_id: 'p1', guest_name: `Guest ${id}`, check_in_date, check_out_date, booking_status: 'confirmed', ...over };
}

describe('stay validity and nights', () => {
  it('needs check-out after check-in: same day or earlier is no stay', () => {
    expect(isValidStay({ check_in_date: '2030-01-10', check_out_date: '2030-01-11' })).toBe(true);
    expect(isValidStay({ check_in_date: '2030-01-10', check_out_date: '2030-01-10' })).toBe(false);
    expect(isValidStay({ check_in_date: '2030-01-10', check_out_date: '2030-01-09' })).toBe(false);
  });

  it('counts nights without the departure day, across months and leap days', () => {
    expect(nightsOf({ check_in_date: '2030-01-10', check_out_date: '2030-01-11' })).toBe(1);
    expect(nightsOf({ check_in_date: '2028-02-27', check_out_date: '2028-03-02' })).toBe(4);
    expect(nightsOf({ check_in_date: '2030-12-30', check_out_date: '2031-01-02' })).toBe(3);
  });
});

describe('overlap (check-out day exclusive)', () => {
  const base = stay('a', '2030-01-10', '2030-01-14');

  it('lets back-to-back stays pass on both sides', () => {
    expect(staysOverlap(base, stay('b', '2030-01-14', '2030-01-16'))).toBe(false);
    expect(staysOverlap(base, stay('b', '2030-01-08', '2030-01-10'))).toBe(false);
  });

  it('refuses a one-night overlap at either end', () => {
    expect(staysOverlap(base, stay('b', '2030-01-13', '2030-01-15'))).toBe(true);
    expect(staysOverlap(base, stay('b', '2030-01-09', '2030-01-11'))).toBe(true);
  });

  it('refuses containment both ways and identical dates', () => {
    expect(staysOverlap(base, stay('b', '2030-01-11', '2030-01-12'))).toBe(true);
    expect(staysOverlap(base, stay('b', '2030-01-01', '2030-01-31'))).toBe(true);
    expect(staysOverlap(base, stay('b', '2030-01-10', '2030-01-14'))).toBe(true);
  });

  it('ignores cancelled bookings on either side, other properties and the row itself', () => {
    const others = [
      stay('c', '2030-01-11', '2030-01-12', { booking_status: 'cancelled' }),
      stay('d', '2030-01-11', '2030-01-12', { property_id: 'p2' }),
      stay('a', '2030-01-10', '2030-01-14'),
    ];
    expect(findOverlaps(base, others)).toEqual([]);
    expect(findOverlaps({ ...base, booking_status: 'cancelled' }, [stay('e', '2030-01-11', '2030-01-12')])).toEqual([]);
    expect(holdsDates({ booking_status: 'pending' })).toBe(true);
    expect(holdsDates({ booking_status: 'completed' })).toBe(true);
  });

  it('lists every clash in check-in order', () => {
    const clashes = findOverlaps(base, [stay('z', '2030-01-13', '2030-01-20'), stay('y', '2030-01-05', '2030-01-11'), stay('x', '2030-01-14', '2030-01-15')]);
    expect(clashes.map((c) => c.id)).toEqual(['y', 'z']);
  });

  it('agrees with a night-by-night comparison (property test)', () => {
    const anyStay = fc.record({ start: fc.integer({ min: 0, max: 40 }), nights: fc.integer({ min: 1, max: 10 }) });
    fc.assert(
      fc.property(anyStay, anyStay, (x, y) => {
        const a = { check_in_date: addDays('2030-01-01', x.start), check_out_date: addDays('2030-01-01', x.start + x.nights) };
        const b = { check_in_date: addDays('2030-01-01', y.start), check_out_date: addDays('2030-01-01', y.start + y.nights) };
        const nightsA = new Set(Array.from({ length: x.nights }, (_, i) => x.start + i));
        const shared = Array.from({ length: y.nights }, (_, i) => y.start + i).some((n) => nightsA.has(n));
        expect(staysOverlap(a, b)).toBe(shared);
        expect(staysOverlap(b, a)).toBe(shared);
      }),
    );
  });

  it('names the guest and the dates of the booking in the way', () => {
    expect(overlapMessage(stay('b', '2030-01-12', '2030-01-15', { guest_name: 'Ada Lovelace' }))).toBe(
      'These dates overlap the booking of Ada Lovelace from 2030-01-12 to 2030-01-15',
    );
    expect(overlapMessage(stay('b', '2030-01-12', '2030-01-15', { guest_name: '  ' }))).toContain('booking of Guest from');
  });
});

describe('priceBooking (integer cents, rounded once, half away from zero)', () => {
  it('computes commission and net at the rate', () => {
    expect(priceBooking(1000, 12)).toEqual({ total_amount: 1000, commission_amount: 120, net_amount: 880 });
    expect(priceBooking(250.55, 12)).toEqual({ total_amount: 250.55, commission_amount: 30.07, net_amount: 220.48 });
    expect(priceBooking(0, 15)).toEqual({ total_amount: 0, commission_amount: 0, net_amount: 0 });
    expect(priceBooking(99.99, 0)).toEqual({ total_amount: 99.99, commission_amount: 0, net_amount: 99.99 });
  });

  it('rounds a half cent away from zero, up for positive totals and down for negative ones', () => {
    // 1.05 at 10 % is 10.5 cents.
    expect(priceBooking(1.05, 10).commission_amount).toBe(0.11);
    expect(priceBooking(-1.05, 10).commission_amount).toBe(-0.11);
    expect(priceBooking(-1.05, 10).net_amount).toBe(-0.94);
    // Just under and over the half.
    expect(priceBooking(1.04, 10).commission_amount).toBe(0.1);
    expect(priceBooking(1.06, 10).commission_amount).toBe(0.11);
    // 0.15 at 8 % is 1.2 cents; 12.5 % of 1.00 is 12.5 cents.
    expect(priceBooking(0.15, 8).commission_amount).toBe(0.01);
    expect(priceBooking(1, 12.5).commission_amount).toBe(0.13);
  });

  it('rounds the total to the cent once, before the commission', () => {
    // 10.005 is stored as 10.00499…: still 1001 cents, half away from zero.
    expect(priceBooking(10.005, 10)).toEqual({ total_amount: 10.01, commission_amount: 1, net_amount: 9.01 });
  });

  it('always splits the total exactly: commission + net = total, in cents (property test)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.double({ min: 0, max: 100, noNaN: true }), (cents, rate) => {
        const p = priceBooking(cents / 100, rate);
        expect(toCents(p.commission_amount) + toCents(p.net_amount)).toBe(cents);
        expect(Math.abs(toCents(p.commission_amount) - (cents * rate) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('refuses a rate that is not a number', () => {
    expect(() => priceBooking(10, Number.NaN)).toThrow(RangeError);
  });
});
