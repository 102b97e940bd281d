import { describe, expect, it } from 'vitest';
import { monthLabel, monthStart, nextMonthStart, previousMonthStart } from './months';

describe('month arithmetic', () => {
  it('finds the month around a day, across year ends', () => {
    expect(monthStart('2026-03-15')).toBe('2026-03-01');
    expect(nextMonthStart('2026-12-31')).toBe('2027-01-01');
    expect(previousMonthStart('2026-01-05')).toBe('2025-12-01');
  });

  it('labels a month with its short name and year', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2026-12')).toBe('Dec 2026');
  });
});
