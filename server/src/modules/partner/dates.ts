/**
 * Tokeet's times are Unix seconds; a stay's arrival and departure are calendar days stamped at
 * 00:00 UTC of that day. The day is read in UTC by arithmetic alone, so it never depends on the
 * server's TZ nor on the property's timezone: a check-in never moves a day.
 */
const DAY_SECONDS = 86_400;

/** The YYYY-MM-DD day of a Unix-seconds stamp, in UTC; null for a missing or unreadable stamp. */
export function dayOfUnix(seconds: unknown): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  const days = Math.floor(seconds / DAY_SECONDS);
  return new Date(days * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

/** An ISO instant of a Unix-seconds stamp (message times), or null. */
export function instantOfUnix(seconds: unknown): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  return new Date(seconds * 1000).toISOString();
}

export function unixOf(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The days of [from, to) as YYYY-MM-DD, at most `max` of them. */
export function daysBetween(from: string, to: string, max: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); out.length < max && t < Date.parse(`${to}T00:00:00Z`); t += DAY_SECONDS * 1000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** One month back and three months ahead of `now` (the booking sync window), in Unix seconds. */
export function bookingWindow(now: Date): { start: number; end: number } {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - 1);
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 3);
  return { start: unixOf(start), end: unixOf(end) };
}
