/**
 * How a host writes bookings: through the outbox, so that it works offline (decisions.md "Through
 * the outbox"). The server computes commission and net and enforces the double-booking rule on
 * push; a refusal comes back as a rejection the screens show with its reason.
 */
import { SYNCED_TABLES } from '../../db/schema';
import type { Write } from '../tasks/mutations';

const BOOKINGS = SYNCED_TABLES.bookings;

export function createBooking(write: Write, fields: Record<string, unknown>, rowId?: string) {
  return write({ table: BOOKINGS, op: 'create', rowId, fields });
}

export function updateBooking(write: Write, id: string, fields: Record<string, unknown>) {
  return write({ table: BOOKINGS, op: 'update', rowId: id, fields });
}

/** Cancelling keeps the row (finances and guests refer to it) and frees its dates. */
export function cancelBooking(write: Write, id: string) {
  return write({ table: BOOKINGS, op: 'update', rowId: id, fields: { booking_status: 'cancelled' } });
}
