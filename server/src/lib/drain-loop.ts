/**
 * The drain loop of a persistent outbox (the mail queue, server/src/modules/email/sender.ts; Web
 * Push deliveries, server/src/modules/push/sender.ts): batches are taken and sent until a batch
 * comes back short, outside any database transaction; a wake while a drain runs makes it look once
 * more instead of starting a second one; when it ends, a timer wakes it again at the earliest row
 * still waiting (a retry, a claim another process left lapsing). What a batch claims, sends and
 * records is the sender's own; so is its summary, added up field by field.
 */

/** Exponential backoff between the attempts at one row, and how many attempts it gets. */
export type Backoff = { baseMs: number; maxMs: number; maxAttempts: number };

/** Delay before attempt `attempts + 1`: base·2^(attempts−1), capped, ±20 % jitter; Retry-After when longer. */
export function retryDelayMs(attempts: number, backoff: Backoff, random: () => number, retryAfter?: number): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(exponential * (0.8 + 0.4 * random()));
  return retryAfter === undefined ? jittered : Math.max(jittered, Math.min(retryAfter, backoff.maxMs * 4));
}

/** The timer never waits less than this (a row due now is taken by the drain that just ended)… */
const MIN_WAIT_MS = 1_000;
/** …nor more than this, so that a clock moved or a row written by another process is seen. */
const MAX_WAIT_MS = 5 * 60_000;

export type DrainSpec<S extends Record<string, number>> = {
  /** A summary of nothing. */
  empty: () => S;
  /** Claims, sends and records one batch; `more` when it was full (more may be due). */
  batch: () => Promise<{ summary: S; more: boolean }>;
  /** When the earliest row still waiting falls due (ms since the epoch), or null when none waits. */
  nextDue: () => number | null;
  now: () => Date;
  /** A drain started by `wake` failed (nobody awaits it). */
  onError: (error: unknown) => void;
};

export class DrainLoop<S extends Record<string, number>> {
  private running: Promise<S> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly spec: DrainSpec<S>) {}

  /** Starts a drain in the background (after a commit, at start, when a retry falls due). */
  wake(): void {
    if (this.closed) return;
    this.drain().catch((error: unknown) => this.spec.onError(error));
  }

  /**
   * Sends everything due now; resolves with what happened. A call while a drain runs joins it and
   * makes it look once more, so rows queued meanwhile are not left waiting.
   */
  drain(): Promise<S> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      this.scheduleNext();
    });
    return this.running;
  }

  /** Stops the timer and waits for a drain in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running.catch(() => undefined);
  }

  private async run(): Promise<S> {
    const total = this.spec.empty();
    do {
      this.again = false;
      for (let more = true; more; ) {
        const batch = await this.spec.batch();
        for (const key of Object.keys(batch.summary) as (keyof S)[]) total[key] = (total[key] + batch.summary[key]) as S[keyof S];
        more = batch.more;
      }
    } while (this.again && !this.closed);
    return total;
  }

  private scheduleNext(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = this.spec.nextDue();
    if (due === null) return;
    const delay = Math.min(Math.max(due - this.spec.now().getTime(), MIN_WAIT_MS), MAX_WAIT_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, delay);
    this.timer.unref();
  }
}
