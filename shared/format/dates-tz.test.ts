/**
 * Parsing and formatting must not depend on the machine's timezone (docs/decisions.md "Dates"):
 * the same answers with TZ set far east and far west of UTC, and at half-hour offsets. Node re-reads
 * TZ when process.env.TZ is assigned (this suite runs in a forked process: vitest.config.ts), and
 * each case first checks that the zone really took effect, so the test cannot pass vacuously.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { INVALID_DATE, INVALID_DATETIME, INVALID_TIME, addDays, formatDate, formatDateTime, formatTime, nightsBetween, parseDateInput, todayIn, type DisplaySettings } from './dates';

const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

/** Zone → its UTC offset on 2025-01-15 as getTimezoneOffset reports it (minutes, west positive). */
const ZONES: [string, number][] = [
  ['Pacific/Kiritimati', -840],
  ['Asia/Kathmandu', -345],
  ['UTC', 0],
  ['America/Los_Angeles', 480],
  ['Pacific/Pago_Pago', 660],
];

const base: DisplaySettings = { timezone: 'UTC', dateFormat: 'MM/DD/YYYY', timeFormat: '12h', use24Hour: false };

describe.each(ZONES)('with TZ=%s', (zone, offset) => {
  it('runs in that zone', () => {
    process.env.TZ = zone;
    expect(new Date(Date.UTC(2025, 0, 15, 12)).getTimezoneOffset()).toBe(offset);
  });

  it('parses the five input formats, ambiguous pairs following the user format', () => {
    process.env.TZ = zone;
    expect(parseDateInput('03/09/2025', 'MM/DD/YYYY')).toBe('2025-03-09');
    expect(parseDateInput('03/09/2025', 'DD/MM/YYYY')).toBe('2025-09-03');
    expect(parseDateInput('09-03-2025')).toBe('2025-03-09');
    expect(parseDateInput('2025-03-09')).toBe('2025-03-09');
    expect(parseDateInput('2025/03/09')).toBe('2025-03-09');
    expect(parseDateInput('13/01/2025', 'MM/DD/YYYY')).toBe('2025-01-13');
    expect(parseDateInput('01/01/2025', 'DD MMMM YYYY')).toBe('2025-01-01');
    expect(parseDateInput('2025-02-29')).toBeNull();
  });

  it('formats a stay date in the 8 offered formats on its own calendar day', () => {
    process.env.TZ = zone;
    const expected: [DisplaySettings['dateFormat'], string][] = [
      ['MM/DD/YYYY', '01/01/2025'],
      ['DD/MM/YYYY', '01/01/2025'],
      ['YYYY-MM-DD', '2025-01-01'],
      ['DD-MM-YYYY', '01-01-2025'],
      ['MMM DD, YYYY', 'Jan 01, 2025'],
      ['DD MMM YYYY', '01 Jan 2025'],
      ['MMMM DD, YYYY', 'January 01, 2025'],
      ['DD MMMM YYYY', '01 January 2025'],
    ];
    for (const [dateFormat, text] of expected) {
      for (const timezone of ['UTC', 'Pacific/Honolulu', 'Pacific/Kiritimati']) expect(formatDate('2025-01-01', { ...base, dateFormat, timezone })).toBe(text);
    }
  });

  it("shows instants in the user's timezone, 12- and 24-hour, across a DST change", () => {
    process.env.TZ = zone;
    expect(formatDate('2025-03-09T23:30:00Z', { ...base, timezone: 'Europe/Berlin' })).toBe('03/10/2025');
    expect(formatDate(new Date(Date.UTC(2025, 2, 9, 12)), base)).toBe('03/09/2025');
    expect(formatTime('2025-07-01T13:05:00Z', base)).toBe('1:05 PM');
    expect(formatTime('2025-07-01T13:05:00Z', { ...base, timezone: 'Asia/Tokyo', timeFormat: '24h', use24Hour: true })).toBe('22:05');
    // Los Angeles moves to daylight time at 02:00 local on 2025-03-09.
    expect(formatDateTime('2025-03-09T09:30:00Z', { ...base, timezone: 'America/Los_Angeles' })).toBe('03/09/2025 1:30 AM');
    expect(formatDateTime('2025-03-09T10:30:00Z', { ...base, timezone: 'America/Los_Angeles' })).toBe('03/09/2025 3:30 AM');
    expect(formatDateTime('2025-12-31T23:30:00Z', { ...base, timezone: 'Asia/Kathmandu', dateFormat: 'YYYY-MM-DD', timeFormat: '24h', use24Hour: true })).toBe('2026-01-01 05:15');
    expect(todayIn('UTC', new Date('2025-06-30T23:00:00Z'))).toBe('2025-06-30');
    expect(todayIn('Pacific/Kiritimati', new Date('2025-06-30T23:00:00Z'))).toBe('2025-07-01');
  });

  it('says Invalid Date, Invalid Time and Invalid DateTime for bad input', () => {
    process.env.TZ = zone;
    expect(formatDate('31/31/2025', base)).toBe(INVALID_DATE);
    expect(formatTime('25:61', base)).toBe(INVALID_TIME);
    expect(formatDateTime('2025-03-09', base)).toBe(INVALID_DATETIME);
  });

  it('counts nights and adds days without a DST hour slipping in', () => {
    process.env.TZ = zone;
    expect(nightsBetween('2025-03-08', '2025-03-10')).toBe(2);
    expect(nightsBetween('2025-11-01', '2025-11-03')).toBe(2);
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(addDays('2025-11-02', 1)).toBe('2025-11-03');
  });
});
