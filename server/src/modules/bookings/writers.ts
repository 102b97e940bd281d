/**
 * The booking writer: every booking a user writes (table API, sync push) goes through the
 * bookings service, which prices it, refuses a double booking, and keeps the host's counters,
 * guests and turnover task in step.
 */
import { createBooking, deleteBooking, updateBooking } from './service';
import type { Writer } from '../../write/writer';

export const bookingWriter: Writer = {
  create: (tx, ctx, values) => {
    createBooking(tx, values, ctx);
  },
  update: (tx, ctx, before, changes) => {
    updateBooking(tx, before, changes, ctx);
  },
  remove: (tx, ctx, before) => {
    deleteBooking(tx, before, ctx);
    return { archived: false };
  },
};
