/**
 * What this tab last knew of its store, so that `mutate` can plan a write before reading it (one
 * round trip to the browser's storage instead of two): the last seq it gave out. Only a guess:
 * `mutate` checks it against the store inside the write's own transaction, and a wrong one costs
 * a retry, never a wrong write. Kept per database object, in memory only.
 */
import type { StaykeepDb } from '../db/db';

export type WriteGuesses = {
  lastSeq: number | null;
  /** Writes done in one round trip from the guesses, and those whose guesses did not hold. */
  planned: number;
  replanned: number;
};

const guesses = new WeakMap<StaykeepDb, WriteGuesses>();

export function writeGuesses(db: StaykeepDb): WriteGuesses {
  let g = guesses.get(db);
  if (!g) {
    g = { lastSeq: null, planned: 0, replanned: 0 };
    guesses.set(db, g);
  }
  return g;
}
