import { describe, expect, it } from 'vitest';
import { bottomLabelInterval, labelWidth, sideLabelInterval } from './tick-interval';

describe('chart label intervals', () => {
  it('shows every label that fits in its band, and skips enough that the widest fits', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    // 600 px for 12 labels: 50 px each, "Jan" needs 23 + 8.
    expect(bottomLabelInterval(months, 600)).toBe(0);
    // 200 px: 16.7 px each: every second label gives 33 px.
    expect(bottomLabelInterval(months, 200)).toBe(1);
    const days = Array.from({ length: 30 }, (_, i) => `11/${String(i + 1).padStart(2, '0')}/2026`);
    const interval = bottomLabelInterval(days, 700);
    // The labels shown then never overlap: each has (interval + 1) bands of room.
    expect(((interval + 1) * 700) / days.length).toBeGreaterThanOrEqual(labelWidth(days[0] ?? '') + 8);
    expect((interval * 700) / days.length).toBeLessThan(labelWidth(days[0] ?? '') + 8);
  });

  it('skips labels down the side only when their rows are thinner than a line', () => {
    expect(sideLabelInterval(10, 240)).toBe(0);
    expect(sideLabelInterval(40, 240)).toBe(2);
    expect(sideLabelInterval(1, 10)).toBe(0);
  });
});
