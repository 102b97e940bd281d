/**
 * The ways into the booking rules. `bookingWriter`: every booking a user writes (table API, sync
 * push, through the write pipeline). `bookingImports`: reservations sold elsewhere (an OTA's
 * calendar, a channel partner), never refused for a clash. Both go through the bookings service,
 * which prices the stay, checks it, and keeps the host's counters, guests and turnover task in step.
 */
import type { Row, Tx } from '../../db/write';
import type { Writer } from '../../write/writer';
import { cancelBooking, createBooking, deleteBooking, importBookings, updateBooking, type BookingEnv, type BookingRow } from './service';

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

export const bookingImports = {
  /** New imported stays, written set-wise (clashes are the caller's conflict radar's to find). */
  create: (tx: Tx, values: readonly Row[], env: BookingEnv): BookingRow[] => importBookings(tx, values, env),
  /** An imported stay that changed at its source. */
  update: (tx: Tx, before: Row, changes: Row, env: BookingEnv): void => {
    updateBooking(tx, before, changes, env, { imported: true });
  },
  /** An imported stay that left its source: cancelled, so its dates free up and its history stays. */
  cancel: (tx: Tx, before: Row, env: BookingEnv): void => {
    cancelBooking(tx, before, env);
  },
};
