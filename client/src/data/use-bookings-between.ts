/**
 * Bookings whose stay touches [from, to), read through the offline store's check_out_date index
 * rather than a scan of every booking: with years of history on a device, the stays that end after
 * `from` are a small part of the table, and the calendar and dashboard open on them (the
 * benchmark of bench/host-screens.ts holds 10 000 bookings). Same row shapes and states as useRows. Read straight from the
 * index rather than through useRows: a first paint needs only these rows, not the whole table.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/app-db';
import type { Booking } from './tables';
import { NotYetDownloaded, readableEarly, type RowsResult } from './use-rows';
import { useFirstPartIn, useHydrated, useSyncRuntime, useSyncSnapshot } from '../sync/sync-context';

/** `firstPart`: the screen reads the stays of the first part of a first sync (use-rows.ts). */
export function useBookingsBetween(from: string, to: string, options: { firstPart?: boolean } = {}): RowsResult<Booking> {
  const runtime = useSyncRuntime();
  const { status } = useSyncSnapshot();
  const hydrated = useHydrated();
  const ready = hydrated === true || readableEarly('bookings', useFirstPartIn(hydrated), options);
  const rows = useLiveQuery(
    async () => {
      // Nothing is read before the first download is complete (or its first part, for a screen
      // made for it): a live query on bookings would read the growing table again after every
      // page that download writes, for a screen that says "loading" until then anyway.
      if (!ready) return null;
      // No Dexie filter(): with one, Dexie walks a cursor (a round trip to the browser process per
      // row, ~1 700 on the benchmark's device); without, the range is one getAll on the index.
      const list = await appDb().rows('bookings').where('check_out_date').above(from).toArray();
      // The row shapes are the server's (stored as pulled).
      return (list as unknown as Booking[]).filter((b) => b.check_in_date < to);
    },
    [from, to, ready],
  );
  const retry = () => void runtime.syncNow();
  if (rows === undefined || hydrated === undefined) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  if (!ready) {
    const stuck = status && (status.state === 'offline' || status.state === 'error' || status.state === 'unauthorized');
    if (stuck) return { status: 'error', rows: undefined, total: undefined, error: new NotYetDownloaded(), retry };
    return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  }
  // Hydrated a moment ago: the query of the rows is under way.
  if (rows === null) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  return { status: 'success', rows, total: rows.length, error: null, retry };
}
