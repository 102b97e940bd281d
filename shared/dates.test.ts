import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, fromDayNumber, localToday, toDayNumber, utcDateOf } from './dates';

describe('day numbers', () => {
  it('counts from 1970-01-01', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('1969-12-31')).toBe(-1);
    expect(toDayNumber('2000-03-01')).toBe(11017);
    expect(fromDayNumber(11017)).toBe('2000-03-01');
  });

  it('round-trips every day of four years, leap days included', () => {
    const start = toDayNumber('2023-01-01');
    for (let n = start; n < start + 4 * 366; n += 1) expect(toDayNumber(fromDayNumber(n))).toBe(n);
  });

  it('agrees with the UTC calendar of Date for a spread of days', () => {
    for (let n = -700_000; n <= 2_900_000; n += 9_973) {
      expect(fromDayNumber(n)).toBe(new Date(n * 86_400_000).toISOString().slice(0, 10));
    }
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2024-03-31', -31)).toBe('2024-02-29');
    expect(addDays('2024-06-15', 0)).toBe('2024-06-15');
  });

  it('ignores DST transitions (no clock involved)', () => {
    expect(addDays('2024-03-09', 1)).toBe('2024-03-10');
    expect(addDays('2024-03-31', 1)).toBe('2024-04-01');
    expect(addDays('2024-10-27', 1)).toBe('2024-10-28');
  });

  it('refuses malformed dates and fractional days', () => {
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2024-2-3', 1)).toThrow(RangeError);
    expect(() => addDays('2024-01-01T00:00:00Z', 1)).toThrow(RangeError);
    expect(() => addDays('2024-01-01', 1.5)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('counts nights, negative when reversed', () => {
    expect(daysBetween('2024-02-27', '2024-03-02')).toBe(4);
    expect(daysBetween('2024-03-02', '2024-02-27')).toBe(-4);
    expect(daysBetween('2024-12-31', '2024-12-31')).toBe(0);
  });
});

describe('utcDateOf', () => {
  it('takes the UTC day of an instant', () => {
    expect(utcDateOf(new Date('2024-06-30T23:30:00-02:00'))).toBe('2024-07-01');
    expect(utcDateOf(new Date('2024-07-01T00:30:00+09:00'))).toBe('2024-06-30');
  });
});

describe('localToday', () => {
  it('is the date in the zone, whatever the machine is in', () => {
    const now = new Date('2026-03-01T03:30:00Z');
    expect(localToday('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(localToday('Asia/Tokyo', now)).toBe('2026-03-01');
    expect(localToday('Not/AZone', now)).toBe('2026-03-01');
  });

  it('turns at local midnight, also when asked again and again around it', () => {
    // Kathmandu is UTC+05:45: its midnight falls at 18:15 UTC.
    const before = new Date('2026-06-10T18:14:59.999Z');
    const at = new Date('2026-06-10T18:15:00.000Z');
    for (let i = 0; i < 3; i += 1) {
      expect(localToday('Asia/Kathmandu', before)).toBe('2026-06-10');
      expect(localToday('Asia/Kathmandu', at)).toBe('2026-06-11');
    }
    // Within one second, before and after the turn, in one zone then another.
    expect(localToday('Asia/Kathmandu', new Date('2026-06-10T18:14:59.001Z'))).toBe('2026-06-10');
    expect(localToday('Asia/Kathmandu', new Date('2026-06-10T18:15:00.999Z'))).toBe('2026-06-11');
    expect(localToday('UTC', at)).toBe('2026-06-10');
    expect(localToday('Asia/Kathmandu', before)).toBe('2026-06-10');
  });
});
