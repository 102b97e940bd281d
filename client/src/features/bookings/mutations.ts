/**
 * The writes of bookings, as requests for useWrite (data/use-write.ts): through the outbox, so
 * that they work offline. The server computes commission and net and enforces the double-booking
 * rule on push; a refusal comes back as a rejection the screens show with its reason.
 */
import { SYNCED_TABLES } from '../../db/schema';
import type { Fields, WriteRequest } from '../../sync/mutate';

const BOOKINGS = SYNCED_TABLES.bookings;

export function createBooking(fields: Fields, rowId?: string): WriteRequest {
  return { table: BOOKINGS, op: 'create', rowId, fields };
}

export function updateBooking(id: string, fields: Fields): WriteRequest {
  return { table: BOOKINGS, op: 'update', rowId: id, fields };
}

/** Cancelling keeps the row (finances and guests refer to it) and frees its dates. */
export function cancelBooking(id: string): WriteRequest {
  return { table: BOOKINGS, op: 'update', rowId: id, fields: { booking_status: 'cancelled' } };
}
