/**
 * Local writes go first. IndexedDB runs readwrite transactions over the same stores one after
 * another, in the order they were asked for; a push's acknowledgement and a pull's page write the
 * row, outbox and base stores a tap's write needs. A write that arrives while one of those runs
 * waits for it, and the user waits with it. So the sync's own transactions wait for the local
 * writes already under way, and a tap is stored before the sync touches the stores again.
 *
 * While the user is writing (ticking a checklist, one item after another), the sync's
 * transactions also wait until no write has begun for a short while (`quietMs`, set by the app's
 * runtime; 0 elsewhere), so that the next tap does not arrive in the middle of one. That wait is
 * bounded (`maxWaitMs`): the sync is never starved, and a burst of writes goes out together.
 */
import type { StaykeepDb } from '../db/db';

type Gate = {
  inFlight: Set<Promise<unknown>>;
  /** performance.now() when the last local write began (null: none yet). */
  lastStart: number | null;
  quietMs: number;
  maxWaitMs: number;
};

const gates = new WeakMap<StaykeepDb, Gate>();

const now = () => globalThis.performance.now();

function gateOf(db: StaykeepDb): Gate {
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = { inFlight: new Set(), lastStart: null, quietMs: 0, maxWaitMs: 0 }));
  return gate;
}

/** How long the sync waits for a pause in the user's writes, and at most (the app's runtime sets it). */
export function setWriteQuiet(db: StaykeepDb, quietMs: number, maxWaitMs: number): void {
  const gate = gateOf(db);
  gate.quietMs = quietMs;
  gate.maxWaitMs = maxWaitMs;
}

/** Runs a local write, known to the gate until it has settled. */
export function localWrite<T>(db: StaykeepDb, run: () => Promise<T>): Promise<T> {
  const gate = gateOf(db);
  gate.lastStart = now();
  const writing = run();
  const settled = writing.then(
    () => undefined,
    () => undefined,
  );
  gate.inFlight.add(settled);
  void settled.then(() => gate.inFlight.delete(settled));
  return writing;
}

/** Milliseconds until the user's writes have paused for `quietMs` (0: they have). */
function untilQuiet(gate: Gate): number {
  return gate.lastStart === null || gate.quietMs <= 0 ? 0 : Math.max(0, gate.lastStart + gate.quietMs - now());
}

/**
 * Resolves once the local writes under way now have settled and, where a pause is asked for, the
 * user's writes have paused (at most `maxWaitMs` from now); null when there is nothing to wait for.
 */
export function afterLocalWrites(db: StaykeepDb): Promise<void> | null {
  const gate = gates.get(db);
  if (!gate || (gate.inFlight.size === 0 && untilQuiet(gate) === 0)) return null;
  return settle(gate, now() + gate.maxWaitMs);
}

async function settle(gate: Gate, deadline: number): Promise<void> {
  // The writes under way now are always waited for; later ones only until the deadline.
  await Promise.all([...gate.inFlight]);
  for (;;) {
    const wait = Math.min(untilQuiet(gate), deadline - now());
    if (wait <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (now() >= deadline) return;
    await Promise.all([...gate.inFlight]);
  }
}
