/**
 * The shared drain loop of the mail and push senders: batches until a short one, summaries added
 * up, a call during a drain joins it and makes it look once more, the timer set for the earliest
 * row still waiting. The senders' own behaviour is tested with them (server/test/push-retry.test.ts,
 * server/test/mail-queue.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrainLoop, retryDelayMs, type DrainSpec } from './drain-loop';

type Counts = { sent: number; dropped: number };

function loop(batches: { summary: Counts; more: boolean }[], nextDue: () => number | null = () => null, extra: Partial<DrainSpec<Counts>> = {}) {
  const calls = { batch: 0 };
  const spec: DrainSpec<Counts> = {
    empty: () => ({ sent: 0, dropped: 0 }),
    batch: async () => {
      calls.batch += 1;
      await Promise.resolve();
      return batches.shift() ?? { summary: { sent: 0, dropped: 0 }, more: false };
    },
    nextDue,
    now: () => new Date(0),
    onError: () => undefined,
    ...extra,
  };
  return { drain: new DrainLoop(spec), calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DrainLoop', () => {
  it('takes batches until one is short, and adds their summaries', async () => {
    const { drain, calls } = loop([
      { summary: { sent: 2, dropped: 1 }, more: true },
      { summary: { sent: 2, dropped: 0 }, more: true },
      { summary: { sent: 1, dropped: 3 }, more: false },
    ]);
    expect(await drain.drain()).toEqual({ sent: 5, dropped: 4 });
    expect(calls.batch).toBe(3);
    await drain.close();
  });

  it('joins a drain in progress and looks once more after it', async () => {
    const { drain, calls } = loop([
      { summary: { sent: 1, dropped: 0 }, more: false },
      { summary: { sent: 1, dropped: 0 }, more: false },
    ]);
    const first = drain.drain();
    const second = drain.drain();
    expect(second).toBe(first);
    expect(await first).toEqual({ sent: 2, dropped: 0 });
    expect(calls.batch).toBe(2);
    await drain.close();
  });

  it('wakes again when the earliest waiting row falls due, at least 1 s and at most 5 minutes on', async () => {
    vi.useFakeTimers();
    let due: number | null = 30_000;
    const { drain, calls } = loop([], () => due);
    await drain.drain();
    expect(calls.batch).toBe(1);
    due = null;
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls.batch).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.batch).toBe(2);
    // Nothing waits any more: no timer is left.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls.batch).toBe(2);
    due = -5_000;
    await drain.drain();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.batch).toBe(3);
    due = 60 * 60_000;
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.batch).toBe(4);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(calls.batch).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.batch).toBe(5);
    await drain.close();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls.batch).toBe(5);
  });

  it('tells a failed background drain to onError, and a closed loop does not wake', async () => {
    const errors: unknown[] = [];
    const failing = new DrainLoop<Counts>({
      empty: () => ({ sent: 0, dropped: 0 }),
      batch: () => Promise.reject(new Error('database gone')),
      nextDue: () => null,
      now: () => new Date(0),
      onError: (error) => errors.push(error),
    });
    failing.wake();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await failing.close();
    failing.wake();
    await Promise.resolve();
    expect(errors).toHaveLength(1);
  });

  it('backs off exponentially with jitter, capped, Retry-After when longer', () => {
    const b = { baseMs: 1_000, maxMs: 8_000, maxAttempts: 5 };
    expect(retryDelayMs(1, b, () => 0.5)).toBe(1_000);
    expect(retryDelayMs(3, b, () => 0)).toBe(3_200);
    expect(retryDelayMs(10, b, () => 0.5)).toBe(8_000);
    expect(retryDelayMs(1, b, () => 0.5, 20_000)).toBe(20_000);
  });
});
