import { describe, expect, it } from 'vitest';
import { bookingWindow, dayOfUnix, daysBetween, instantOfUnix } from './dates';

describe('partner dates', () => {
  it('reads the day of a stamp in UTC, whatever the server TZ', () => {
    const midnight = Date.parse('2026-03-29T00:00:00Z') / 1000;
    expect(dayOfUnix(midnight)).toBe('2026-03-29');
    expect(dayOfUnix(midnight + 86_399)).toBe('2026-03-29');
    expect(dayOfUnix(midnight - 1)).toBe('2026-03-28');
    expect(dayOfUnix(0)).toBeNull();
    expect(dayOfUnix('x')).toBeNull();
    expect(instantOfUnix(midnight)).toBe('2026-03-29T00:00:00.000Z');
  });

  it('lists the days of a range and the sync window', () => {
    expect(daysBetween('2026-02-27', '2026-03-02', 10)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daysBetween('2026-01-01', '2027-01-01', 3)).toHaveLength(3);
    const w = bookingWindow(new Date('2026-05-15T12:00:00Z'));
    expect(new Date(w.start * 1000).toISOString()).toBe('2026-04-15T12:00:00.000Z');
    expect(new Date(w.end * 1000).toISOString()).toBe('2026-08-15T12:00:00.000Z');
  });
});
