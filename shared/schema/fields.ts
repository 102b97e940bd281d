/** Field-level zod schemas shared by the entity schemas and the routes. */
import { z } from 'zod';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written as YYYY-MM-DD (no Date, no timezone involved). */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] ?? 0;
  return d <= days;
}

/** A stay date: YYYY-MM-DD. */
export const isoDate = z.string().refine(isIsoDate, { message: 'must be a date as YYYY-MM-DD' });

/** An instant: ISO 8601 with offset or Z. */
export const instant = z.iso.datetime({ offset: true });

/** A day or an instant (task schedule and due dates). */
export const dateOrInstant = z.union([isoDate, instant], { message: 'must be YYYY-MM-DD or an ISO 8601 date-time' });

/** Money on the wire: a number in currency units (rounded to the cent on the server). */
export const money = z.number({ message: 'must be a number' }).finite().min(-1e10).max(1e10);

export const emailOrEmpty = z.union([z.literal(''), z.email()], { message: 'must be an e-mail address' });

export const shortText = z.string().max(500);
export const longText = z.string().max(20_000);

export const checklistItem = z.strictObject({
  id: z.string().min(1).max(100),
  text: z.string().max(500),
  done: z.boolean(),
  /** A photo of the item is needed before it may be ticked (docs/decisions.md "Task photos"). */
  photo_required: z.boolean().optional(),
});

export const dayAvailability = z.union([
  z.literal('off'),
  z.strictObject({ start: z.string().regex(/^\d{2}:\d{2}$/), end: z.string().regex(/^\d{2}:\d{2}$/) }),
]);

export const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone name' },
);
