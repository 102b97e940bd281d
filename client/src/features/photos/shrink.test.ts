/** The size a photo is shrunk to on the device: inside 1600 × 1600, ratio kept, never enlarged. */
import { describe, expect, it } from 'vitest';
import { fitInside } from './shrink';

describe('fitInside', () => {
  it('brings the longer side to 1600 px and keeps the ratio', () => {
    expect(fitInside(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitInside(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitInside(5000, 100)).toEqual({ width: 1600, height: 32 });
  });

  it('never enlarges a small photo, and never answers a zero side', () => {
    expect(fitInside(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitInside(1600, 1600)).toEqual({ width: 1600, height: 1600 });
    expect(fitInside(10_000, 1)).toEqual({ width: 1600, height: 1 });
  });
});
