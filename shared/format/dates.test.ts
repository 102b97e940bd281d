import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPLAY_SETTINGS,
  INVALID_DATE,
  INVALID_DATETIME,
  INVALID_TIME,
  addDays,
  dayOf,
  formatDate,
  formatDateOrDateTime,
  formatDateTime,
  formatTime,
  nightsBetween,
  normalizeDisplaySettings,
  parseDateInput,
  todayIn,
  type DisplaySettings,
} from './dates';

const utc12: DisplaySettings = DEFAULT_DISPLAY_SETTINGS;
const with24 = (over: Partial<DisplaySettings>): DisplaySettings => ({ ...utc12, timeFormat: '24h', use24Hour: true, ...over });

describe('parseDateInput (the five accepted formats)', () => {
  it('reads YYYY-MM-DD and YYYY/MM/DD', () => {
    expect(parseDateInput('2025-03-09')).toBe('2025-03-09');
    expect(parseDateInput('2025/3/9')).toBe('2025-03-09');
  });

  it('reads DD-MM-YYYY as day first', () => {
    expect(parseDateInput('09-03-2025')).toBe('2025-03-09');
  });

  it('reads a slashed pair month first under MM/DD/YYYY and day first under DD/MM/YYYY', () => {
    expect(parseDateInput('03/09/2025', 'MM/DD/YYYY')).toBe('2025-03-09');
    expect(parseDateInput('03/09/2025', 'DD/MM/YYYY')).toBe('2025-09-03');
  });

  it('falls back to the other order when the preferred reading is impossible', () => {
    expect(parseDateInput('25/12/2025', 'MM/DD/YYYY')).toBe('2025-12-25');
    expect(parseDateInput('12/25/2025', 'DD/MM/YYYY')).toBe('2025-12-25');
  });

  it('refuses impossible days, other shapes and empty text', () => {
    expect(parseDateInput('2025-02-29')).toBeNull();
    expect(parseDateInput('2024-02-29')).toBe('2024-02-29');
    expect(parseDateInput('31-04-2025')).toBeNull();
    expect(parseDateInput('13/13/2025')).toBeNull();
    expect(parseDateInput('March 9, 2025')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });
});

describe('formatDate', () => {
  it('renders every offered format (DATE_FORMATS)', () => {
    const cases: [DisplaySettings['dateFormat'], string][] = [
      ['MM/DD/YYYY', '03/09/2025'],
      ['DD/MM/YYYY', '09/03/2025'],
      ['YYYY-MM-DD', '2025-03-09'],
      ['DD-MM-YYYY', '09-03-2025'],
      ['MMM DD, YYYY', 'Mar 09, 2025'],
      ['DD MMM YYYY', '09 Mar 2025'],
      ['MMMM DD, YYYY', 'March 09, 2025'],
      ['DD MMMM YYYY', '09 March 2025'],
    ];
    for (const [dateFormat, expected] of cases) expect(formatDate('2025-03-09', { ...utc12, dateFormat })).toBe(expected);
  });

  it('keeps a stay date on its calendar day whatever the timezone', () => {
    expect(formatDate('2025-03-09', { ...utc12, timezone: 'Pacific/Honolulu' })).toBe('03/09/2025');
    expect(formatDate('2025-03-09', { ...utc12, timezone: 'Pacific/Kiritimati' })).toBe('03/09/2025');
  });

  it('shows an instant as its day in the user timezone', () => {
    expect(formatDate('2025-03-09T23:30:00Z', { ...utc12, timezone: 'Europe/Berlin' })).toBe('03/10/2025');
    expect(formatDate('2025-03-09T02:00:00Z', { ...utc12, timezone: 'America/New_York' })).toBe('03/08/2025');
  });

  it('accepts the typed formats and says Invalid Date otherwise', () => {
    expect(formatDate('09-03-2025')).toBe('03/09/2025');
    expect(formatDate('not a date')).toBe(INVALID_DATE);
    expect(formatDate('2025-02-30')).toBe(INVALID_DATE);
    expect(formatDate(null)).toBe(INVALID_DATE);
    expect(formatDate(new Date(NaN))).toBe(INVALID_DATE);
  });
});

describe('formatTime and formatDateTime', () => {
  it('renders 12-hour and 24-hour clocks in the user timezone', () => {
    const at = '2025-07-01T13:05:00Z';
    expect(formatTime(at, utc12)).toBe('1:05 PM');
    expect(formatTime(at, with24({}))).toBe('13:05');
    expect(formatTime(at, with24({ timezone: 'Asia/Tokyo' }))).toBe('22:05');
    expect(formatTime('2025-07-01T00:15:00Z', utc12)).toBe('12:15 AM');
    expect(formatTime('2025-07-01T12:00:00Z', utc12)).toBe('12:00 PM');
  });

  it('renders a wall-clock HH:MM (availability hours) with the clock setting', () => {
    expect(formatTime('09:30', utc12)).toBe('9:30 AM');
    expect(formatTime('21:30', with24({}))).toBe('21:30');
    expect(formatTime('25:00', utc12)).toBe(INVALID_TIME);
  });

  it('combines date and time, crossing midnight with the timezone', () => {
    expect(formatDateTime('2025-12-31T23:30:00Z', with24({ timezone: 'Europe/Paris', dateFormat: 'YYYY-MM-DD' }))).toBe('2026-01-01 00:30');
    expect(formatDateTime('2025-12-31T23:30:00-05:00', utc12)).toBe('01/01/2026 4:30 AM');
  });

  it('says Invalid Time / Invalid DateTime for bad input', () => {
    expect(formatTime('soon', utc12)).toBe(INVALID_TIME);
    expect(formatTime(undefined, utc12)).toBe(INVALID_TIME);
    expect(formatDateTime('2025-03-09', utc12)).toBe(INVALID_DATETIME);
    expect(formatDateTime('garbage', utc12)).toBe(INVALID_DATETIME);
  });

  it('formats a day-or-instant as a date or a date-time', () => {
    expect(formatDateOrDateTime('2025-03-09', utc12)).toBe('03/09/2025');
    expect(formatDateOrDateTime('2025-03-09T15:00:00Z', utc12)).toBe('03/09/2025 3:00 PM');
  });
});

describe('display settings', () => {
  it('fills missing or invalid fields with the defaults (UTC, MM/DD/YYYY, 12-hour)', () => {
    expect(normalizeDisplaySettings(undefined)).toEqual(DEFAULT_DISPLAY_SETTINGS);
    expect(normalizeDisplaySettings({ timezone: 'Mars/Base', dateFormat: 'YY', timeFormat: 'x' })).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('treats either 24-hour flag as 24-hour', () => {
    expect(normalizeDisplaySettings({ use24Hour: true }).timeFormat).toBe('24h');
    expect(normalizeDisplaySettings({ timeFormat: '24h' }).use24Hour).toBe(true);
    expect(normalizeDisplaySettings({ timezone: 'Europe/Lisbon', dateFormat: 'DD MMM YYYY' })).toMatchObject({
      timezone: 'Europe/Lisbon',
      dateFormat: 'DD MMM YYYY',
      use24Hour: false,
    });
  });
});

describe('calendar helpers', () => {
  it('todayIn gives the local day of a timezone', () => {
    const now = new Date('2025-06-30T23:00:00Z');
    expect(todayIn('UTC', now)).toBe('2025-06-30');
    expect(todayIn('Australia/Sydney', now)).toBe('2025-07-01');
  });

  it("todayIn moves at the zone's midnight exactly, though it keeps its answer for a minute of the clock", () => {
    // Kolkata is UTC+5:30: its midnight is 18:30 UTC.
    expect(todayIn('Asia/Kolkata', new Date('2025-06-30T18:29:00.000Z'))).toBe('2025-06-30');
    expect(todayIn('Asia/Kolkata', new Date('2025-06-30T18:29:59.999Z'))).toBe('2025-06-30');
    expect(todayIn('Asia/Kolkata', new Date('2025-06-30T18:30:00.000Z'))).toBe('2025-07-01');
    // Kathmandu is UTC+5:45; another zone asked within the same minute has its own answer.
    expect(todayIn('Asia/Kathmandu', new Date('2025-06-30T18:30:00.000Z'))).toBe('2025-07-01');
    expect(todayIn('America/Los_Angeles', new Date('2025-06-30T18:30:00.000Z'))).toBe('2025-06-30');
    // The clock going back (a corrected device clock) is answered too.
    expect(todayIn('Asia/Kolkata', new Date('2025-06-30T18:29:30.000Z'))).toBe('2025-06-30');
    expect(() => todayIn('UTC', new Date(Number.NaN))).toThrow(RangeError);
  });

  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('nightsBetween counts nights, check-out not being one', () => {
    expect(nightsBetween('2025-03-30', '2025-04-02')).toBe(3);
    expect(nightsBetween('2025-04-02', '2025-03-30')).toBe(0);
  });

  it('dayOf reads a day or the day of an instant in a timezone', () => {
    expect(dayOf('2025-05-05', 'Asia/Tokyo')).toBe('2025-05-05');
    expect(dayOf('2025-05-05T20:00:00Z', 'Asia/Tokyo')).toBe('2025-05-06');
    expect(dayOf(null, 'UTC')).toBeNull();
  });
});
