/** The event stream's reopening delay (shared/sync.ts): within its bounds, and spread across them. */
import { describe, expect, it } from 'vitest';
import { EVENTS_RETRY_MS, eventsRetryDelay } from './sync';

describe('eventsRetryDelay', () => {
  it('stays between the bounds, from the lowest draw to the highest', () => {
    expect(eventsRetryDelay(() => 0)).toBe(EVENTS_RETRY_MS.min);
    expect(eventsRetryDelay(() => 0.5)).toBe((EVENTS_RETRY_MS.min + EVENTS_RETRY_MS.max) / 2);
    expect(eventsRetryDelay(() => 0.999_999)).toBeLessThan(EVENTS_RETRY_MS.max);
  });

  it('spreads many devices over the whole window rather than one instant', () => {
    const delays = Array.from({ length: 2000 }, () => eventsRetryDelay());
    const width = (EVENTS_RETRY_MS.max - EVENTS_RETRY_MS.min) / 5;
    const fifths = [0, 0, 0, 0, 0];
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(EVENTS_RETRY_MS.min);
      expect(d).toBeLessThan(EVENTS_RETRY_MS.max);
      fifths[Math.floor((d - EVENTS_RETRY_MS.min) / width)]! += 1;
    }
    // Even spread: each fifth of the window gets about 400 of 2000 (never under 250 in practice).
    for (const count of fifths) expect(count).toBeGreaterThan(250);
  });
});
