import { describe, expect, it } from 'vitest';
import type { StatsBooking } from '../../../../shared/stats';
import { MAX_CUSTOM_DAYS, analyticsReport, cancellations, compare, customPeriods, periodLength, periodsFor, sourceComparison, reportCurrencies, roomIn } from './analytics';

function b(over: Partial<StatsBooking> & Pick<StatsBooking, 'check_in_date' | 'check_out_date'>): StatsBooking {
  return { property_id: 'p1', booking_status: 'confirmed', booking_source: 'direct', total_amount: 100, commission_amount: 10, net_amount: 90, created_date: null, ...over };
}

describe('periodsFor', () => {
  it('sets a calendar month beside the month before, across a year end', () => {
    expect(periodsFor('this-month', '2026-01-15')).toEqual({ current: { from: '2026-01-01', to: '2026-02-01' }, previous: { from: '2025-12-01', to: '2026-01-01' } });
    expect(periodsFor('last-month', '2026-03-31')).toEqual({ current: { from: '2026-02-01', to: '2026-03-01' }, previous: { from: '2026-01-01', to: '2026-02-01' } });
  });

  it('sets day counts beside as many days just before, today included in "last"', () => {
    const { current, previous } = periodsFor('last-30', '2026-03-10');
    expect(current).toEqual({ from: '2026-02-09', to: '2026-03-11' });
    expect(previous).toEqual({ from: '2026-01-10', to: '2026-02-09' });
    expect(periodLength(current)).toBe(30);
    expect(periodLength(previous)).toBe(30);
    expect(periodsFor('next-30', '2026-03-10')).toEqual({ current: { from: '2026-03-10', to: '2026-04-09' }, previous: { from: '2026-02-08', to: '2026-03-10' } });
    expect(periodLength(periodsFor('last-90', '2024-03-01').current)).toBe(90);
  });

  it('sets a year beside the year before', () => {
    expect(periodsFor('last-year', '2026-06-01')).toEqual({ current: { from: '2025-01-01', to: '2026-01-01' }, previous: { from: '2024-01-01', to: '2025-01-01' } });
  });
});

describe('customPeriods', () => {
  it('counts the first and last day, and sets the same number of days just before', () => {
    expect(customPeriods('2026-02-20', '2026-03-05')).toEqual({
      current: { from: '2026-02-20', to: '2026-03-06' },
      previous: { from: '2026-02-06', to: '2026-02-20' },
    });
    expect(customPeriods('2026-03-01', '2026-03-01')).toEqual({ current: { from: '2026-03-01', to: '2026-03-02' }, previous: { from: '2026-02-28', to: '2026-03-01' } });
  });

  it('says why a range cannot be used', () => {
    expect(customPeriods('2026-03-05', '2026-03-04')).toEqual({ error: 'The last day must be on or after the first' });
    expect(customPeriods('', '2026-03-04')).toEqual({ error: 'Choose the first and the last day' });
    expect(customPeriods('2020-01-01', '2026-01-01')).toEqual({ error: `Choose at most ${MAX_CUSTOM_DAYS} days` });
  });
});

describe('compare', () => {
  it('gives the change and the percent change, none from zero', () => {
    expect(compare(150, 100)).toEqual({ current: 150, previous: 100, change: 50, percent: 50 });
    expect(compare(0.1 + 0.2, 0.1)).toMatchObject({ change: 0.2, percent: 200 });
    expect(compare(5, 0).percent).toBeNull();
    expect(compare(50, 200).percent).toBe(-75);
  });
});

describe('cancellations', () => {
  it('counts cancelled check-ins of the period among all check-ins of the chosen properties', () => {
    const list = [
      b({ check_in_date: '2026-03-02', check_out_date: '2026-03-04', booking_status: 'cancelled' }),
      b({ check_in_date: '2026-03-05', check_out_date: '2026-03-08' }),
      b({ check_in_date: '2026-03-09', check_out_date: '2026-03-10' }),
      b({ check_in_date: '2026-03-09', check_out_date: '2026-03-10', property_id: 'p2', booking_status: 'cancelled' }),
      b({ check_in_date: '2026-04-01', check_out_date: '2026-04-03', booking_status: 'cancelled' }),
    ];
    const march = { from: '2026-03-01', to: '2026-04-01' };
    expect(cancellations(list, ['p1'], march)).toEqual({ cancelled: 1, total: 3, rate: 1 / 3 });
    expect(cancellations(list, ['p1', 'p2'], march)).toEqual({ cancelled: 2, total: 4, rate: 0.5 });
    expect(cancellations([], ['p1'], march)).toEqual({ cancelled: 0, total: 0, rate: 0 });
  });
});

describe('analyticsReport', () => {
  const properties = [
    { id: 'p1', property_name: 'Alfama Terrace' },
    { id: 'p2', property_name: 'Gion Machiya' },
  ];
  const list = [
    // February: p1 booked 14 of 28 nights through airbnb.
    b({ check_in_date: '2026-02-01', check_out_date: '2026-02-15', booking_source: 'airbnb', total_amount: 1400 }),
    // March: p1 booked 31 nights direct, p2 10 nights through vrbo, one cancellation.
    b({ check_in_date: '2026-03-01', check_out_date: '2026-04-01', total_amount: 3100 }),
    b({ property_id: 'p2', check_in_date: '2026-03-10', check_out_date: '2026-03-20', booking_source: 'vrbo', total_amount: 2000 }),
    b({ property_id: 'p2', check_in_date: '2026-03-25', check_out_date: '2026-03-27', booking_status: 'cancelled' }),
  ];
  const report = analyticsReport(list, properties, periodsFor('this-month', '2026-03-15'));

  it('computes both periods for the chosen properties', () => {
    expect(report.current.occupancy).toEqual({ occupiedNights: 41, availableNights: 62, rate: 41 / 62 });
    expect(report.previous.occupancy).toEqual({ occupiedNights: 14, availableNights: 56, rate: 0.25 });
    expect(roomIn(report.current, 'USD').adr).toBe(124.39);
    expect(reportCurrencies(report)).toEqual(['USD']);
    expect(report.current.cancellations).toEqual({ cancelled: 1, total: 3, rate: 1 / 3 });
    expect(report.perProperty).toEqual([
      { id: 'p1', name: 'Alfama Terrace', current: 1, previous: 0.5 },
      { id: 'p2', name: 'Gion Machiya', current: 10 / 31, previous: 0 },
    ]);
  });

  it('lists the sources of both periods', () => {
    expect(sourceComparison(report)).toEqual([
      { source: 'direct', current: 1, previous: 0, share: 0.5 },
      { source: 'vrbo', current: 1, previous: 0, share: 0.5 },
      { source: 'airbnb', current: 0, previous: 1, share: 0 },
    ]);
  });
});
