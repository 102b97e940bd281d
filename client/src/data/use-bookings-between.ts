/**
 * Bookings whose stay touches [from, to): the calendar's and the dashboard's rows. A window that
 * starts within the mirror's (db/window.ts: stays ending a few months back and later) is answered
 * from memory; one further back (the calendar paged into last year) is read from the store
 * through the bookings' check_out_date index (data/history-read.ts), never the whole table. Same
 * row shapes and states as useRows, which it is.
 */
import { useMemo } from 'react';
import { TABLE, type Booking } from './tables';
import { useRows, type RowsResult } from './use-rows';

/** `firstPart`: the screen reads the stays of the first part of a first sync (use-rows.ts). */
export function useBookingsBetween(from: string, to: string, options: { firstPart?: boolean } = {}): RowsResult<Booking> {
  const query = useMemo(
    () => ({
      PageSize: 100_000,
      Filters: [
        { name: 'check_out_date', op: 'GreaterThan' as const, value: from },
        { name: 'check_in_date', op: 'LessThan' as const, value: to },
      ],
    }),
    [from, to],
  );
  return useRows(TABLE.bookings, query, options);
}
