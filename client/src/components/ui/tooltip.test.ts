import { describe, expect, it } from 'vitest';
import { tooltipOpenDelay } from './Tooltip';

describe('tooltip delays', () => {
  it('waits 700 ms when no tooltip closed recently', () => {
    expect(tooltipOpenDelay(10_000, -Infinity)).toBe(700);
    expect(tooltipOpenDelay(10_000, 9_700)).toBe(700);
  });

  it('opens at once within 300 ms of another tooltip closing', () => {
    expect(tooltipOpenDelay(10_000, 9_701)).toBe(0);
    expect(tooltipOpenDelay(10_000, 10_000)).toBe(0);
  });
});
