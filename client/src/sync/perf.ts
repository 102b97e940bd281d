/**
 * User Timing of the engine's hot paths (the one write function, each sync run), for the client
 * benchmark (bench/sync-client.ts), which reads the entries with `performance.getEntriesByName`.
 * Recorded only when the page asks for it (localStorage `staykeep:perf` = `1`, set before the app
 * loads): measures stay in the page's timeline until cleared, so an ordinary session, which would
 * only pile them up, records nothing. The timed code runs the same either way.
 */

export const PERF_FLAG = 'staykeep:perf';

/** Entry names the benchmark reads. */
export const PERF = {
  /** One call of mutate (local apply + outbox append in one Dexie transaction). */
  write: 'staykeep:write',
  /** One sync run that finished without error; `detail` is a SyncRunDetail. */
  sync: 'staykeep:sync',
  /** One pull page: the request with the parsing of its answer, and writing it to the store. */
  pullFetch: 'staykeep:pull-fetch',
  pullApply: 'staykeep:pull-apply',
  /** One push request, sent to answered. */
  pushFetch: 'staykeep:push-fetch',
  /** A poke arrived on the event stream (a mark). */
  poke: 'staykeep:poke',
} as const;

export type SyncRunDetail = { from: number; cursor: number; received: number; pages: number; pushed: number };

let enabled: boolean | undefined;

export function perfEnabled(): boolean {
  if (enabled === undefined) {
    try {
      enabled = typeof performance !== 'undefined' && typeof performance.measure === 'function' && globalThis.localStorage?.getItem(PERF_FLAG) === '1';
    } catch {
      // Storage may be denied (a sandboxed frame): no timing then.
      enabled = false;
    }
  }
  return enabled;
}

/** performance.now() when timing is on, else null (the matching `measureSince` is then a no-op). */
export function perfStart(): number | null {
  return perfEnabled() ? performance.now() : null;
}

export function measureSince(name: string, start: number | null, detail?: unknown): void {
  if (start === null) return;
  performance.measure(name, { start, end: performance.now(), detail });
}

/** Marks this instant under `name` when timing is on. */
export function perfMark(name: string): void {
  if (perfEnabled()) performance.mark(name);
}

/** Runs `run`, recording its duration under `name` when timing is on (also when it throws). */
export async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = perfStart();
  try {
    return await run();
  } finally {
    measureSince(name, start);
  }
}
