/**
 * What `useWrite` (use-write.ts) does, as a plain store so that it is tested without React: runs
 * writes of synced rows through the one write path (SyncRuntime.write → sync/mutate.ts), tells
 * whether any is under way, and turns a failure into the text a screen shows. A write never
 * rejects here: it answers an outcome, so a form cannot forget a refusal.
 *
 * It adds nothing to the write itself: each request goes to `write` as it is, in the same tick.
 */
import type { OutboxEntry } from '../db/schema';
import type { Write, WriteRequest } from '../sync/mutate';
import { localWriteFailureText } from './write-failure';

export type WriteOutcome =
  /** `written`: the mutations queued, in order (a write that changed nothing queues none). */
  | { ok: true; written: OutboxEntry[] }
  /** `failure`: the refusal's own words, else that the device could not keep the change. */
  | { ok: false; failure: string };

export type WriteState = {
  /** A write of this runner is under way. */
  pending: boolean;
  /** Why the last write failed; cleared when the next one starts. */
  failure: string | null;
};

export type WriteRunnerOptions = {
  write: Write;
  /** What is written, for the failure text ("This booking could not be saved on this device."). */
  what?: string;
  /** Told of each failure, with its text (the hook shows a toast). */
  onFailure?: (failure: string) => void;
};

export type WriteRunner = {
  /**
   * Writes one request, or several one after another (each its own mutation; the first failure
   * stops the rest).
   */
  run(requests: WriteRequest | readonly WriteRequest[]): Promise<WriteOutcome>;
  clearFailure(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): WriteState;
};

function isList(requests: WriteRequest | readonly WriteRequest[]): requests is readonly WriteRequest[] {
  return Array.isArray(requests);
}

const IDLE: WriteState = { pending: false, failure: null };

export function createWriteRunner({ write, what, onFailure }: WriteRunnerOptions): WriteRunner {
  let state = IDLE;
  let running = 0;
  const listeners = new Set<() => void>();
  const set = (next: WriteState) => {
    if (next.pending === state.pending && next.failure === state.failure) return;
    state = next;
    for (const listener of listeners) listener();
  };

  async function writeAll(requests: WriteRequest | readonly WriteRequest[]): Promise<OutboxEntry[]> {
    const written: OutboxEntry[] = [];
    for (const request of isList(requests) ? requests : [requests]) {
      const entry = await write(request);
      if (entry) written.push(entry);
    }
    return written;
  }

  return {
    async run(requests) {
      running += 1;
      set({ pending: true, failure: null });
      let outcome: WriteOutcome;
      try {
        outcome = { ok: true, written: await writeAll(requests) };
      } catch (error) {
        outcome = { ok: false, failure: localWriteFailureText(error, what) };
      }
      running -= 1;
      set({ pending: running > 0, failure: outcome.ok ? state.failure : outcome.failure });
      if (!outcome.ok) onFailure?.(outcome.failure);
      return outcome;
    },
    clearFailure() {
      set({ ...state, failure: null });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
}
