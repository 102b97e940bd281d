/**
 * Local writes go first. IndexedDB runs readwrite transactions over the same stores one after
 * another, in the order they were asked for; a push's acknowledgement and a pull's page write the
 * row, outbox and base stores a tap's write needs. A write that arrives while one of those runs
 * waits for it, and the user waits with it. So the sync's own transactions wait for the local
 * writes already under way (never for ones asked for later: the sync is never starved), and a
 * tap is stored before the sync touches the stores again.
 */
import type { StaykeepDb } from '../db/db';

const inFlight = new WeakMap<StaykeepDb, Set<Promise<unknown>>>();

/** Runs a local write, known to the gate until it has settled. */
export function localWrite<T>(db: StaykeepDb, run: () => Promise<T>): Promise<T> {
  let set = inFlight.get(db);
  if (!set) inFlight.set(db, (set = new Set()));
  const writing = run();
  const settled = writing.then(
    () => undefined,
    () => undefined,
  );
  set.add(settled);
  void settled.then(() => set.delete(settled));
  return writing;
}

/** Resolves once the local writes under way now have settled (at once when there are none). */
export function afterLocalWrites(db: StaykeepDb): Promise<void> | null {
  const set = inFlight.get(db);
  if (!set || set.size === 0) return null;
  return Promise.all([...set]).then(() => undefined);
}
