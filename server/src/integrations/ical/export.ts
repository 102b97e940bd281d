/**
 * A property's own iCal feed, for the OTAs to import: its non-cancelled bookings and live blocks as
 * all-day events (DTSTART/DTEND VALUE=DATE, DTEND the check-out day) with UIDs that never change
 * for a row, so an OTA updates an event rather than adding one. ical-generator writes all-day dates
 * with UTC getters when no timezone is set, so each stay date becomes a Date at UTC midnight of
 * that day: no server timezone can shift it. Guests' names stay private: OTAs only need to know
 * that the nights are taken.
 */
import { and, gt, eq, isNull, ne } from 'drizzle-orm';
import ical, { escape } from 'ical-generator';
import { bookings, calendarBlocks, properties } from '../../../../shared/schema/tables';
import type { Db } from '../../db';
import { syncWindow } from './parse';

export const EXPORT_PRODUCT_ID = { company: 'Staykeep', product: 'Staykeep', language: 'EN' } as const;
export const BOOKING_SUMMARY = 'Reserved';
export const BLOCK_SUMMARY = 'Not available';

export type ExportStay = {
  id: string;
  start: string;
  end: string;
  /** When the row last changed: the event's DTSTAMP, so an unchanged calendar is byte-identical. */
  updatedAt?: string | null;
};

export type ExportInput = { propertyName: string; bookings: readonly ExportStay[]; blocks: readonly ExportStay[]; now: Date };

function utcMidnight(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function stampOf(stay: ExportStay, now: Date): Date {
  const t = stay.updatedAt ? Date.parse(stay.updatedAt) : NaN;
  return Number.isNaN(t) ? now : new Date(t);
}

export function bookingUid(id: string): string {
  return `booking-${id}@staykeep`;
}

export function blockUid(id: string): string {
  return `block-${id}@staykeep`;
}

/** Every line break a reader might honour: CRLF, LF, CR, VT, FF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** The other control characters, which RFC 5545 TEXT may not hold (a tab may stay). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Free text as a calendar may hold it, before any escaping: each line break of any kind becomes
 * one LF (which the escaping writes as `\n`, so it stays inside its property), other control
 * characters go, and a lone UTF-16 surrogate becomes U+FFFD. What a reader gets back.
 */
export function icalText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replace(LINE_BREAKS, '\n').replace(CONTROLS, '');
}

/**
 * A TEXT property value (RFC 5545 §3.3.11): `\\`, `\;`, `\,` and `\n` escaped, after icalText.
 * For the properties ical-generator writes as given (NAME, X-WR-CALNAME); it escapes SUMMARY
 * itself, which then takes icalText alone.
 */
export function icalEscapedText(value: string): string {
  return escape(icalText(value), false);
}

/** The calendar text (RFC 5545, CRLF lines). */
export function buildPropertyCalendar(input: ExportInput): string {
  // ical-generator writes the calendar name into NAME and X-WR-CALNAME unescaped: a name holding a
  // line break would otherwise add properties, or whole events, to every OTA's copy.
  const calendar = ical({ name: icalEscapedText(input.propertyName), prodId: EXPORT_PRODUCT_ID });
  const add = (stay: ExportStay, uid: string, summary: string) => {
    if (stay.end <= stay.start) return;
    calendar.createEvent({ id: uid, allDay: true, start: utcMidnight(stay.start), end: utcMidnight(stay.end), summary: icalText(summary), stamp: stampOf(stay, input.now) });
  };
  for (const b of input.bookings) add(b, bookingUid(b.id), BOOKING_SUMMARY);
  for (const b of input.blocks) add(b, blockUid(b.id), BLOCK_SUMMARY);
  return calendar.toString();
}

/**
 * The export of one property (stays ending within the last 12 months or later), or null when
 * the property does not exist. `today` is the property's today.
 */
export function exportPropertyCalendar(db: Db, propertyId: string, today: string, now: Date): string | null {
  const property = db
    .select({ name: properties.property_name })
    .from(properties)
    .where(and(eq(properties.id, propertyId), isNull(properties.deleted_at)))
    .get();
  if (!property) return null;
  const from = syncWindow(today).start;
  const stays = db
    .select({ id: bookings.id, start: bookings.check_in_date, end: bookings.check_out_date, updatedAt: bookings.updated_at })
    .from(bookings)
    .where(and(eq(bookings.property_id, propertyId), isNull(bookings.deleted_at), ne(bookings.booking_status, 'cancelled'), gt(bookings.check_out_date, from)))
    .orderBy(bookings.check_in_date, bookings.id)
    .all();
  const blocks = db
    .select({ id: calendarBlocks.id, start: calendarBlocks.start_date, end: calendarBlocks.end_date, updatedAt: calendarBlocks.updated_at })
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.property_id, propertyId), isNull(calendarBlocks.deleted_at), gt(calendarBlocks.end_date, from)))
    .orderBy(calendarBlocks.start_date, calendarBlocks.id)
    .all();
  return buildPropertyCalendar({ propertyName: property.name, bookings: stays, blocks, now });
}
