/**
 * Dates, times, weekdays, months and amounts in the reader's language (issue 24): the user's date
 * format keeps deciding numeric patterns, the language names the months, weekdays and day periods.
 * Run under several machine timezones (as dates-tz.test.ts does): the answers must not move.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, monthName, relativeDayName, weekdayName, type DateFormat, type DisplaySettings } from './dates';
import { formatMoney, formatNumber } from './money';

const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

/** Intl's narrow and non-breaking spaces read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const settings = (dateFormat: DateFormat, use24Hour = false): DisplaySettings => ({ timezone: 'America/Los_Angeles', dateFormat, timeFormat: use24Hour ? '24h' : '12h', use24Hour });

describe.each([['America/Los_Angeles', 480], ['Asia/Kathmandu', -345], ['UTC', 0]] as const)('with TZ=%s', (zone, offset) => {
  it('runs in that zone', () => {
    process.env.TZ = zone;
    expect(new Date(Date.UTC(2025, 0, 15, 12)).getTimezoneOffset()).toBe(offset);
  });

  it('keeps numeric patterns the same in every language', () => {
    for (const locale of ['en', 'es', 'pt-BR']) {
      expect(formatDate('2025-01-05', settings('DD/MM/YYYY'), locale)).toBe('05/01/2025');
      expect(formatDate('2025-01-05', settings('MM/DD/YYYY'), locale)).toBe('01/05/2025');
      expect(formatTime('15:05', settings('MM/DD/YYYY', true), locale)).toBe('15:05');
    }
  });

  it('keeps the English patterns of the spec word for word', () => {
    expect(formatDate('2025-01-05', settings('MMM DD, YYYY'), 'en')).toBe('Jan 05, 2025');
    expect(formatDate('2025-01-05', settings('DD MMMM YYYY'), 'en')).toBe('05 January 2025');
    expect(formatTime('15:05', settings('MM/DD/YYYY'), 'en')).toBe('3:05 PM');
    expect(formatDate('2025-01-05', settings('MMM DD, YYYY'))).toBe('Jan 05, 2025');
  });

  it('names months in Spanish', () => {
    expect(formatDate('2025-01-05', settings('MMM DD, YYYY'), 'es')).toBe('05 ene 2025');
    expect(formatDate('2025-01-05', settings('MMMM DD, YYYY'), 'es')).toBe('05 de enero de 2025');
    // An instant is shown on its day in the user's timezone (the evening before in Los Angeles).
    expect(plain(formatDateTime('2025-03-01T02:30:00Z', settings('DD MMMM YYYY'), 'es'))).toBe('28 de febrero de 2025 6:30 p. m.');
    expect(plain(formatTime('09:00', settings('MM/DD/YYYY'), 'es'))).toBe('9:00 a. m.');
  });

  it('names months in Brazilian Portuguese', () => {
    expect(formatDate('2025-01-05', settings('DD MMM YYYY'), 'pt-BR')).toBe('05 de jan. de 2025');
    expect(formatDate('2025-12-31', settings('MMMM DD, YYYY'), 'pt-BR')).toBe('31 de dezembro de 2025');
    expect(formatDate('2025-01-05', settings('YYYY-MM-DD'), 'pt-BR')).toBe('2025-01-05');
  });

  it('names weekdays, months and near days in each language', () => {
    expect(weekdayName('monday', 'en')).toBe('Monday');
    expect(weekdayName('monday', 'es')).toBe('Lunes');
    expect(weekdayName('saturday', 'pt-BR')).toBe('Sábado');
    expect(monthName('2026-03', 'en')).toBe('Mar 2026');
    expect(monthName('2026-03', 'es')).toBe('mar 2026');
    expect(monthName('2026-03', 'pt-BR')).toBe('mar. de 2026');
    expect(relativeDayName('2025-01-06', '2025-01-05', 'en')).toBe('Tomorrow');
    expect(relativeDayName('2025-01-05', '2025-01-05', 'es')).toBe('Hoy');
    expect(relativeDayName('2025-01-04', '2025-01-05', 'pt-BR')).toBe('Ontem');
    expect(relativeDayName('2025-01-08', '2025-01-05', 'es')).toBeNull();
  });

  it('writes numbers and amounts with the language’s separators', () => {
    expect(formatNumber(12345.6, 'en')).toBe('12,345.6');
    expect(formatNumber(12345.6, 'es')).toBe('12.345,6');
    expect(formatNumber(12345.6, 'pt-BR')).toBe('12.345,6');
    expect(plain(formatMoney(1234.5, 'USD', 'pt-BR'))).toBe('US$ 1.234,50');
    expect(plain(formatMoney(21234.5, 'EUR', 'es'))).toBe('21.234,50 €');
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
  });
});
