/**
 * Dates for display and input (docs/decisions.md "Dates"). Stay dates are `YYYY-MM-DD` strings
 * and are never turned into a Date at midnight, because a timezone would move them to the day
 * before; instants are converted into the user's timezone with Intl.
 * Pure functions: the caller passes the display settings (and the clock where one is needed), and
 * the reader's language (shared/i18n/locales.ts; English when none is given) for month names and
 * the 12-hour clock's day periods; the user's date format decides the pattern in every language.
 */
import { DATE_FORMATS } from '../enums';
import { isIsoDate } from '../schema/fields';
import { SOURCE_LOCALE } from '../i18n/locales';

export type DateFormat = (typeof DATE_FORMATS)[number];

/** The user's display settings (camelCase field names, as the browser-kept entity). */
export type DisplaySettings = {
  timezone: string;
  dateFormat: DateFormat;
  timeFormat: '12h' | '24h';
  use24Hour: boolean;
};

/** The platform defaults: timezone UTC, date format MM/DD/YYYY, 12-hour time. */
export const DEFAULT_DISPLAY_SETTINGS: DisplaySettings = {
  timezone: 'UTC',
  dateFormat: 'MM/DD/YYYY',
  timeFormat: '12h',
  use24Hour: false,
};

export const INVALID_DATE = 'Invalid Date';
export const INVALID_TIME = 'Invalid Time';
export const INVALID_DATETIME = 'Invalid DateTime';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** Settings as stored (any shape, partly missing) → complete settings, falling back per field. */
export function normalizeDisplaySettings(input: Partial<Record<keyof DisplaySettings, unknown>> | null | undefined): DisplaySettings {
  const timezone = typeof input?.timezone === 'string' && isTimeZone(input.timezone) ? input.timezone : DEFAULT_DISPLAY_SETTINGS.timezone;
  const dateFormat = isDateFormat(input?.dateFormat) ? input.dateFormat : DEFAULT_DISPLAY_SETTINGS.dateFormat;
  // Either field may say 24-hour: the entity carries both (timeFormat and use24Hour).
  const use24Hour = input?.use24Hour === true || input?.timeFormat === '24h';
  return { timezone, dateFormat, timeFormat: use24Hour ? '24h' : '12h', use24Hour };
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isoFrom(year: number, month: number, day: number): string | null {
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * Parses a typed date in one of the accepted formats (MM/DD/YYYY, DD/MM/YYYY, DD-MM-YYYY,
 * YYYY-MM-DD, YYYY/MM/DD) into `YYYY-MM-DD`, or null. A slashed day-month pair is ambiguous, so
 * the user's date format decides which comes first; when that reading is impossible (13/01/2025
 * under MM/DD/YYYY) the other one is used.
 */
export function parseDateInput(input: string, preferred: DateFormat = DEFAULT_DISPLAY_SETTINGS.dateFormat): string | null {
  const text = input.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (m) return isoFrom(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (m) return isoFrom(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = Number(m[3]);
    const dayFirst = preferred === 'DD/MM/YYYY' || preferred === 'DD-MM-YYYY' || preferred === 'DD MMM YYYY' || preferred === 'DD MMMM YYYY';
    const first = dayFirst ? isoFrom(year, b, a) : isoFrom(year, a, b);
    return first ?? (dayFirst ? isoFrom(year, a, b) : isoFrom(year, b, a));
  }
  return null;
}

type DateParts = { year: number; month: number; day: number };
type TimeParts = { hour: number; minute: number };

function stayDateParts(iso: string): DateParts | null {
  if (!isIsoDate(iso)) return null;
  const [y, mo, d] = iso.split('-').map(Number);
  return { year: y ?? 0, month: mo ?? 0, day: d ?? 0 };
}

const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * One formatter per timezone (null: Intl does not know the zone). Making an Intl.DateTimeFormat
 * costs far more than using one, and a list renders dates for every row.
 */
const instantFormatters = new Map<string, Intl.DateTimeFormat | null>();

function instantFormatter(timezone: string): Intl.DateTimeFormat | null {
  let formatter = instantFormatters.get(timezone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      formatter = null;
    }
    instantFormatters.set(timezone, formatter);
  }
  return formatter;
}

/**
 * The parts of instants already worked out, by zone and ISO text, or by zone and minute of the
 * clock for a Date: a screen shows the same few hundred instants on every render and asks for
 * "now" (today, overdue) as often, and `formatToParts` is the costly step. Emptied when full.
 */
const knownInstants = new Map<string, Readonly<DateParts & TimeParts> | null>();
const KNOWN_INSTANTS_MAX = 4096;

/**
 * From here on every timezone's offset from UTC is whole minutes (the last with seconds, Liberia's,
 * ended in 1972): all the instants of one minute of the clock have the same wall-clock parts.
 */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1);

/** The wall-clock parts of an instant in a timezone (Intl does the zone arithmetic). */
function instantParts(value: string | Date, timezone: string): Readonly<DateParts & TimeParts> | null {
  let key: string;
  if (typeof value === 'string') key = `${timezone} ${value}`;
  else if (value.getTime() >= WHOLE_MINUTE_OFFSETS_SINCE) key = `${timezone} #${Math.floor(value.getTime() / 60_000)}`;
  else return zoneParts(value, timezone);
  let parts = knownInstants.get(key);
  if (parts === undefined) {
    parts = typeof value !== 'string' ? zoneParts(value, timezone) : INSTANT_RE.test(value) ? zoneParts(new Date(value), timezone) : null;
    if (knownInstants.size >= KNOWN_INSTANTS_MAX) knownInstants.clear();
    knownInstants.set(key, parts);
  }
  return parts;
}

function zoneParts(date: Date, timezone: string): Readonly<DateParts & TimeParts> | null {
  if (Number.isNaN(date.getTime())) return null;
  const formatter = instantFormatter(timezone);
  if (!formatter) return null;
  const parts = formatter.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  const result = { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
  return Object.values(result).every(Number.isFinite) ? Object.freeze(result) : null;
}

/**
 * Month and day-period names in a language, from Intl (one formatter per locale and style). English
 * keeps the spec's own words; other languages take Intl's ("enero", "jan.", "p. m.").
 */
const localeFormatters = new Map<string, Intl.DateTimeFormat>();

function localeFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = localeFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    localeFormatters.set(key, formatter);
  }
  return formatter;
}

/** The English locale of the spec's patterns: anything else is a language with its own names. */
function isEnglish(locale: string): boolean {
  return locale === 'en' || locale.toLowerCase().startsWith('en-');
}

/** A calendar day at noon UTC: formatted in UTC it is that day whatever the machine's zone. */
function utcNoon({ year, month, day }: DateParts): Date {
  const date = new Date(Date.UTC(2000, month - 1, day, 12));
  date.setUTCFullYear(year);
  return date;
}

/**
 * A date in a pattern. Numeric patterns are the same in every language. The named-month patterns
 * (MMM, MMMM) keep the spec's English words and order in English; in another language the month
 * is named in it, in that language's own order ("05 de enero de 2025", "05 de jan. de 2025").
 */
function renderDate(parts: DateParts, format: DateFormat, locale: string = SOURCE_LOCALE): string {
  const { year, month, day } = parts;
  switch (format) {
    case 'MM/DD/YYYY':
      return `${pad(month)}/${pad(day)}/${year}`;
    case 'DD/MM/YYYY':
      return `${pad(day)}/${pad(month)}/${year}`;
    case 'YYYY-MM-DD':
      return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
    case 'DD-MM-YYYY':
      return `${pad(day)}-${pad(month)}-${year}`;
  }
  const long = format === 'MMMM DD, YYYY' || format === 'DD MMMM YYYY';
  if (!isEnglish(locale)) return localeFormatter(locale, { day: '2-digit', month: long ? 'long' : 'short', year: 'numeric' }).format(utcNoon(parts));
  const name = MONTHS[month - 1] ?? '';
  const shown = long ? name : name.slice(0, 3);
  return format === 'MMM DD, YYYY' || format === 'MMMM DD, YYYY' ? `${shown} ${pad(day)}, ${year}` : `${pad(day)} ${shown} ${year}`;
}

function renderTime({ hour, minute }: TimeParts, use24Hour: boolean, locale: string = SOURCE_LOCALE): string {
  if (use24Hour) return `${pad(hour)}:${pad(minute)}`;
  if (!isEnglish(locale)) return localeFormatter(locale, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(new Date(Date.UTC(2000, 0, 1, hour, minute)));
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A weekday's name (`monday` … `sunday`, shared/enums WEEKDAYS) in a language. */
export function weekdayName(weekday: string, locale: string = SOURCE_LOCALE): string {
  const index = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].indexOf(weekday.toLowerCase());
  if (index < 0) return weekday;
  // 2000-01-02 was a Sunday.
  const name = localeFormatter(locale, { weekday: 'long' }).format(new Date(Date.UTC(2000, 0, 2 + index, 12)));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A month (`YYYY-MM`) as its short name and year in a language: `Mar 2026`, `mar 2026`, `mar. de 2026`. */
export function monthName(month: string, locale: string = SOURCE_LOCALE): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m || m < 1 || m > 12) return month;
  if (isEnglish(locale)) return `${(MONTHS[m - 1] ?? '').slice(0, 3)} ${year}`;
  return localeFormatter(locale, { month: 'short', year: 'numeric' }).format(utcNoon({ year, month: m, day: 1 }));
}

/**
 * A date for display. A stay date (`YYYY-MM-DD`) is shown as that calendar day; an instant is
 * shown as its day in the user's timezone; any other accepted input format is parsed first.
 * Anything else reads "Invalid Date".
 */
export function formatDate(value: string | Date | null | undefined, settings: DisplaySettings = DEFAULT_DISPLAY_SETTINGS, locale: string = SOURCE_LOCALE): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE;
  if (typeof value === 'string') {
    const stay = stayDateParts(value) ?? stayDateParts(parseDateInput(value, settings.dateFormat) ?? '');
    if (stay) return renderDate(stay, settings.dateFormat, locale);
  }
  const parts = instantParts(value, settings.timezone);
  return parts ? renderDate(parts, settings.dateFormat, locale) : INVALID_DATE;
}

/** The time of an instant in the user's timezone, 12- or 24-hour; otherwise "Invalid Time". */
export function formatTime(value: string | Date | null | undefined, settings: DisplaySettings = DEFAULT_DISPLAY_SETTINGS, locale: string = SOURCE_LOCALE): string {
  if (value === null || value === undefined || value === '') return INVALID_TIME;
  if (typeof value === 'string') {
    const hm = /^(\d{2}):(\d{2})$/.exec(value);
    if (hm) {
      const hour = Number(hm[1]);
      const minute = Number(hm[2]);
      return hour < 24 && minute < 60 ? renderTime({ hour, minute }, settings.use24Hour, locale) : INVALID_TIME;
    }
  }
  const parts = instantParts(value, settings.timezone);
  return parts ? renderTime(parts, settings.use24Hour, locale) : INVALID_TIME;
}

/** Date and time of an instant in the user's timezone; otherwise "Invalid DateTime". */
export function formatDateTime(value: string | Date | null | undefined, settings: DisplaySettings = DEFAULT_DISPLAY_SETTINGS, locale: string = SOURCE_LOCALE): string {
  if (value === null || value === undefined || value === '') return INVALID_DATETIME;
  const parts = instantParts(value, settings.timezone);
  return parts ? `${renderDate(parts, settings.dateFormat, locale)} ${renderTime(parts, settings.use24Hour, locale)}` : INVALID_DATETIME;
}

/**
 * A task's schedule or due date may be a day or an instant (shared/schema: dateOrInstant): a day
 * shows as a date, an instant as date and time.
 */
export function formatDateOrDateTime(value: string | null | undefined, settings: DisplaySettings = DEFAULT_DISPLAY_SETTINGS, locale: string = SOURCE_LOCALE): string {
  if (typeof value === 'string' && isIsoDate(value)) return formatDate(value, settings, locale);
  return formatDateTime(value, settings, locale);
}

/** Today's calendar day in a timezone, as `YYYY-MM-DD` (its parts kept per minute of the clock: instantParts). */
export function todayIn(timezone: string, now: Date): string {
  const parts = instantParts(now, timezone) ?? instantParts(now, 'UTC');
  if (!parts) throw new RangeError('Invalid clock value');
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** Adds whole days to a stay date with calendar arithmetic in UTC (no DST involved). */
export function addDays(iso: string, days: number): string {
  const parts = stayDateParts(iso);
  if (!parts) throw new RangeError(`Not a date: ${iso}`);
  const d = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Nights between check-in and check-out (check-out is the departure day, not a night). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const a = stayDateParts(checkIn);
  const b = stayDateParts(checkOut);
  if (!a || !b) return 0;
  const ms = Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day);
  return Math.max(0, Math.round(ms / 86_400_000));
}

/** The day part of a day-or-instant value in a timezone, for grouping and comparisons. */
export function dayOf(value: string | null | undefined, timezone: string): string | null {
  if (!value) return null;
  if (isIsoDate(value)) return value;
  const parts = instantParts(value, timezone);
  return parts ? `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` : null;
}

/**
 * A day relative to today in a language, where it has a word for it ("today", "mañana", "ontem");
 * null for any other day (the caller shows the date).
 */
export function relativeDayName(day: string, today: string, locale: string = SOURCE_LOCALE): string | null {
  const a = stayDateParts(today);
  const b = stayDateParts(day);
  if (!a || !b) return null;
  const offset = Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
  if (Math.abs(offset) > 1) return null;
  const name = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day');
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
