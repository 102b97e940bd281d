/**
 * Stay-date arithmetic on `YYYY-MM-DD` strings (stay dates are never `Date` objects, because a
 * timezone turns midnight into the day before: docs/decisions.md "Dates"). Pure integer calendar
 * arithmetic on day numbers (days since 1970-01-01, proleptic Gregorian), so the result never
 * depends on the machine's timezone.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
}

function parse(date: string): { y: number; m: number; d: number } {
  const match = DATE_RE.exec(date);
  if (match) {
    const y = Number(match[1]);
    const m = Number(match[2]);
    const d = Number(match[3]);
    if (m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m)) return { y, m, d };
  }
  throw new RangeError(`Not a date as YYYY-MM-DD: ${date}`);
}

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
export function toDayNumber(date: string): number {
  const { y: year, m, d } = parse(date);
  const y = m <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The `YYYY-MM-DD` of a day number (civil_from_days). */
export function fromDayNumber(dayNumber: number): string {
  if (!Number.isInteger(dayNumber)) throw new RangeError(`Not a whole day number: ${dayNumber}`);
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 0 || y > 9999) throw new RangeError(`Day number out of range: ${dayNumber}`);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The date `n` days after `date` (before it when `n` is negative). */
export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  return fromDayNumber(toDayNumber(date) + n);
}

/** Whole days from `from` to `to` (negative when `to` is earlier): nights of a stay. */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The UTC calendar day of an instant: the server's "today" (the platform's timezone is UTC). */
export function utcDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Zones remembered at most, by the caches below. */
const MAX_ZONES = 1000;
/** One formatter per zone (building one costs more than using it); an unknown zone reads as UTC. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The last date `localToday` gave per zone, with the second it was for. */
const lastDays = new Map<string, { second: number; day: string }>();

function dayFormatter(timezone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timezone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    if (dayFormatters.size < MAX_ZONES) dayFormatters.set(timezone, formatter);
  }
  return formatter;
}

/**
 * The date (YYYY-MM-DD) at `now` in an IANA zone: "today" at a property. Whatever the machine's
 * own timezone; an unknown zone counts as UTC.
 */
export function localToday(timezone: string, now: Date): string {
  // Every zone's offset is a whole number of seconds, so the date only changes on a second's edge:
  // within one second the last answer stands (formatToParts costs tens of µs, and every booking
  // write asks).
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDays.get(timezone);
  if (last && last.second === second) return last.day;
  const parts: Record<string, string> = {};
  for (const p of dayFormatter(timezone).formatToParts(now)) parts[p.type] = p.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (last || lastDays.size < MAX_ZONES) lastDays.set(timezone, { second, day });
  return day;
}

/** A month, `YYYY-MM` (01 to 12). Here, not beside the statements that use it, so that a route's search check stays light. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
