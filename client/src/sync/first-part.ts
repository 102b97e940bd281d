/**
 * Whether the first part of a first sync is stored while the rest still comes (meta
 * `firstPartVersion`, sync/pull.ts), as one value every screen shares. It is read by a single live
 * query, and only while someone listens: each `useRows` of a screen asks (data/use-rows.ts), and a
 * live query of each (its own Dexie zone, timer and transaction) cost the start of every page a
 * few dozen of them. The value goes back to false when the last listener leaves, so that a later
 * listener (after another sign-in) never hears an answer of before.
 */
import { liveQuery } from 'dexie';
import type { StaykeepDb } from '../db/db';

export type FirstPartStore = {
  get(): boolean;
  subscribe(listener: () => void): () => void;
};

export function firstPartStore(db: () => StaykeepDb): FirstPartStore {
  let value = false;
  let subscription: { unsubscribe(): void } | null = null;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (next === value) return;
    value = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      subscription ??= liveQuery(async () => (await db().getMeta('firstPartVersion')) !== undefined).subscribe({
        next: set,
        // A store that cannot be read has no first part to show: the screens wait for the whole sync.
        error: () => set(false),
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        subscription?.unsubscribe();
        subscription = null;
        value = false;
      };
    },
  };
}
