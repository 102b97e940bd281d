import { describe, expect, it } from 'vitest';
import { clashingIds, clashingPairs, feedOfExternalUid, type DatedEvent } from './calendar-clashes';

const ev = (id: string, start: string, end: string, feedId?: string): DatedEvent => ({ id, start, end, feedId });
const ids = (events: DatedEvent[]) => [...clashingIds(events)].sort();

describe('calendar clashes', () => {
  it('marks both sides of nights taken twice, check-out day exclusive', () => {
    expect(ids([ev('a', '2031-05-01', '2031-05-04'), ev('b', '2031-05-03', '2031-05-06')])).toEqual(['a', 'b']);
    expect(ids([ev('a', '2031-05-01', '2031-05-04'), ev('b', '2031-05-04', '2031-05-06')])).toEqual([]);
    expect(ids([ev('a', '2031-05-01', '2031-05-10'), ev('b', '2031-05-02', '2031-05-03'), ev('c', '2031-05-09', '2031-05-12'), ev('d', '2031-05-12', '2031-05-13')])).toEqual(['a', 'b', 'c']);
  });

  it('leaves two events of one feed alone, and judges one from elsewhere against each', () => {
    expect(ids([ev('a', '2031-05-01', '2031-05-04', 'airbnb'), ev('b', '2031-05-02', '2031-05-05', 'airbnb')])).toEqual([]);
    expect(ids([ev('a', '2031-05-01', '2031-05-04', 'airbnb'), ev('b', '2031-05-02', '2031-05-05', 'vrbo')])).toEqual(['a', 'b']);
    expect(ids([ev('a', '2031-05-01', '2031-05-04', 'airbnb'), ev('b', '2031-05-02', '2031-05-05', 'airbnb'), ev('own', '2031-05-04', '2031-05-06')])).toEqual(['b', 'own']);
  });

  it('makes events made here clash with each other (nothing vouches for either)', () => {
    expect(ids([ev('a', '2031-05-01', '2031-05-04'), ev('b', '2031-05-01', '2031-05-04')])).toEqual(['a', 'b']);
  });

  it('names each clashing pair once, earlier start first', () => {
    const pairs = clashingPairs([ev('late', '2031-05-03', '2031-05-06'), ev('early', '2031-05-01', '2031-05-04'), ev('mid', '2031-05-02', '2031-05-03', 'f')]);
    expect(pairs.map(([a, b]) => [a.id, b.id])).toEqual([
      ['early', 'mid'],
      ['early', 'late'],
    ]);
  });

  it('ignores an empty or reversed range', () => {
    expect(ids([ev('a', '2031-05-01', '2031-05-04'), ev('b', '2031-05-02', '2031-05-02'), ev('c', '2031-05-03', '2031-05-01')])).toEqual([]);
  });

  it('reads the feed of an imported booking from its external uid', () => {
    expect(feedOfExternalUid('0190abcd-feed:123@airbnb.com')).toBe('0190abcd-feed');
    expect(feedOfExternalUid(null)).toBeUndefined();
    expect(feedOfExternalUid('no-colon')).toBeUndefined();
    expect(feedOfExternalUid(':leading')).toBeUndefined();
  });
});
