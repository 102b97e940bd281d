/**
 * Bookings whose stay touches [from, to), read through the offline store's check_out_date index
 * rather than a scan of every booking: with years of history on a device, the stays that end after
 * `from` are a small part of the table, and the calendar and dashboard open on them (the
 * benchmark of bench/host-screens.ts holds 10 000 bookings). Same row shapes and states as useRows. Read straight from the
 * index rather than through useRows: a first paint needs only these rows, not the whole table.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/app-db';
import type { Booking } from './tables';
import { NotYetDownloaded, readableEarly, type RowsResult } from './use-rows';
import { useFirstPartIn, useHydrated, useSyncRuntime, useSyncSnapshot } from '../sync/sync-context';

/**
 * The stays touching [from, to) in the store. No Dexie filter(): with one, Dexie walks a cursor (a
 * round trip to the browser process per row, ~1 700 on the benchmark's device); without, the
 * range is one getAll on the index.
 */
async function readBetween(from: string, to: string): Promise<Booking[]> {
  const list = await appDb().rows('bookings').where('check_out_date').above(from).toArray();
  // The row shapes are the server's (stored as pulled).
  return (list as unknown as Booking[]).filter((b) => b.check_in_date < to);
}

/**
 * `firstPart`: the screen reads the stays of the first part of a first sync (use-rows.ts). Those
 * are read once when that part is stored, not live: every page of the rest writes bookings, and a
 * live query would read the range again after each; the live query takes over once the store is
 * complete.
 */
export function useBookingsBetween(from: string, to: string, options: { firstPart?: boolean } = {}): RowsResult<Booking> {
  const runtime = useSyncRuntime();
  const { status } = useSyncSnapshot();
  const hydrated = useHydrated();
  const ready = hydrated === true || readableEarly('bookings', useFirstPartIn(hydrated), options);
  const firstPartOnly = ready && hydrated !== true;
  const [early, setEarly] = useState<{ key: string; rows: Booking[] } | null>(null);
  useEffect(() => {
    if (!firstPartOnly) return;
    let current = true;
    readBetween(from, to).then(
      (list) => current && setEarly({ key: `${from}|${to}`, rows: list }),
      // The live query reads them once the store is complete.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [firstPartOnly, from, to]);
  const live = useLiveQuery(
    // Nothing is read live before the first download is complete: a live query on bookings would
    // read the growing table again after every page that download writes.
    async () => (hydrated === true ? readBetween(from, to) : null),
    [from, to, hydrated],
  );
  const earlyRows = early?.key === `${from}|${to}` ? early.rows : null;
  // Hydrated a moment ago: the first part's stays stay shown until the live query answers.
  const rows = hydrated === true ? (live ?? earlyRows) : earlyRows;
  const retry = () => void runtime.syncNow();
  if (hydrated === undefined) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  if (!ready) {
    const stuck = status && (status.state === 'offline' || status.state === 'error' || status.state === 'unauthorized');
    if (stuck) return { status: 'error', rows: undefined, total: undefined, error: new NotYetDownloaded(), retry };
    return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  }
  if (!rows) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  return { status: 'success', rows, total: rows.length, error: null, retry };
}
