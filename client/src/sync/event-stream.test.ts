/**
 * The poke stream's ticket handling (event-stream.ts), with fake EventSources and fake timers:
 * each (re)connection asks for a fresh ticket and never reuses a spent one, a failure syncs at
 * once, an ended session (401 on the ticket) stops the knocking, and closing stops everything.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { EVENTS_RETRY_MS } from '../../../shared/sync';
import { openEventStream, type EventSourceLike } from './event-stream';

class FakeSource implements EventSourceLike {
  closed = false;
  private readonly listeners = new Map<string, (() => void)[]>();
  constructor(readonly ticket: string) {}
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

type Answer = { ticket: string } | { error: ApiError };

function harness(answers: Answer[], retryDelay?: () => number) {
  const opened: FakeSource[] = [];
  let asked = 0;
  const sync = vi.fn();
  const close = openEventStream({
    ticket: () => {
      const answer = answers[asked] ?? { error: new ApiError('no more answers', 0) };
      asked += 1;
      return 'ticket' in answer ? Promise.resolve(answer.ticket) : Promise.reject(answer.error);
    },
    open: (ticket) => {
      const source = new FakeSource(ticket);
      opened.push(source);
      return source;
    },
    sync,
    retryDelay,
  });
  return { opened, sync, close, asked: () => asked };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the poke stream', () => {
  it('opens with a ticket, syncs on ready and poke, and reopens a failed stream with a fresh ticket', async () => {
    const h = harness([{ ticket: 't1' }, { ticket: 't2' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.opened.map((s) => s.ticket)).toEqual(['t1']);
    h.opened[0]?.emit('ready');
    h.opened[0]?.emit('poke');
    expect(h.sync).toHaveBeenCalledTimes(2);

    // The stream drops: closed at once (the browser would retry with the spent ticket), sync now.
    h.opened[0]?.emit('error');
    expect(h.opened[0]?.closed).toBe(true);
    expect(h.sync).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(EVENTS_RETRY_MS.min - 1);
    expect(h.asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(EVENTS_RETRY_MS.max - EVENTS_RETRY_MS.min + 1);
    expect(h.asked()).toBe(2);
    expect(h.opened.map((s) => s.ticket)).toEqual(['t1', 't2']);
    h.close();
    expect(h.opened[1]?.closed).toBe(true);
  });

  it('waits a delay drawn anew for each reopening, so that the devices of a restarted server do not all come back at once', async () => {
    const delays = [3000, 4500];
    const h = harness([{ ticket: 't1' }, { ticket: 't2' }, { ticket: 't3' }], () => delays.shift() ?? 0);
    await vi.advanceTimersByTimeAsync(0);
    h.opened[0]?.emit('error');
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.asked()).toBe(2);
    h.opened[1]?.emit('error');
    await vi.advanceTimersByTimeAsync(4499);
    expect(h.asked()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.opened.map((s) => s.ticket)).toEqual(['t1', 't2', 't3']);
    h.close();
  });

  it('keeps trying while the server cannot be reached, syncing each time', async () => {
    const h = harness([{ error: new ApiError('unreachable', 0) }, { error: new ApiError('unreachable', 0) }, { ticket: 't3' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * EVENTS_RETRY_MS.max);
    expect(h.asked()).toBe(3);
    expect(h.sync).toHaveBeenCalledTimes(2);
    expect(h.opened.map((s) => s.ticket)).toEqual(['t3']);
    h.close();
  });

  it('stops knocking once the session has ended (401 on the ticket), after one sync that reaches the sign-in prompt', async () => {
    const h = harness([{ ticket: 't1' }, { error: new ApiError('Session expired', 401) }, { ticket: 'never' }]);
    await vi.advanceTimersByTimeAsync(0);
    h.opened[0]?.emit('error');
    await vi.advanceTimersByTimeAsync(EVENTS_RETRY_MS.max);
    expect(h.asked()).toBe(2);
    expect(h.sync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * EVENTS_RETRY_MS.max);
    expect(h.asked()).toBe(2);
    expect(h.opened).toHaveLength(1);
    h.close();
  });

  it('opens nothing and asks nothing once closed, even with a ticket on its way', async () => {
    const h = harness([{ ticket: 't1' }]);
    h.close();
    await vi.advanceTimersByTimeAsync(10 * EVENTS_RETRY_MS.max);
    expect(h.opened).toEqual([]);
    expect(h.asked()).toBe(1);
    expect(h.sync).not.toHaveBeenCalled();
  });
});
