import { describe, expect, it } from 'vitest';
import { setBounded } from './bounded-map';

describe('setBounded', () => {
  it('keeps at most the limit, the entry set first leaving first, and answers the value set', () => {
    const map = new Map<string, number>();
    expect(setBounded(map, 'a', 1, 2)).toBe(1);
    setBounded(map, 'b', 2, 2);
    setBounded(map, 'c', 3, 2);
    expect([...map.keys()]).toEqual(['b', 'c']);
    // Setting a key already there pushes nothing out.
    setBounded(map, 'b', 20, 2);
    expect(Object.fromEntries(map)).toEqual({ b: 20, c: 3 });
  });
});
