import { describe, expect, it } from 'vitest';
import { matching, oneOf, present, searchOf, text, wholeNumber } from './search-params';

describe('search checks without zod', () => {
  const check = searchOf({ q: text(5), view: oneOf(['2w', 'month'] as const), page: wholeNumber(1, 10), day: matching(/^\d{4}-\d{2}-\d{2}$/), invite: present });

  it('keeps good values and leaves absent keys out', () => {
    expect(check({ q: 'abc', view: 'month', page: 2, day: '2026-05-01', invite: 1 })).toEqual({ q: 'abc', view: 'month', page: 2, day: '2026-05-01', invite: 1 });
    expect(check({})).toEqual({});
    expect(Object.keys(check({ q: undefined }))).toEqual([]);
  });

  it('reads a bad value as none', () => {
    expect(check({ q: 'abcdef', view: 'year', page: 11, day: '2026-5-1', invite: { a: 1 } })).toEqual({});
    expect(check({ page: 1.5 })).toEqual({});
    expect(check({ page: '' })).toEqual({});
    expect(check({ q: ['a'] })).toEqual({});
  });

  it('reads digits as a number and a number as text, as the router parses the address', () => {
    expect(check({ page: '3', q: 123 })).toEqual({ page: 3, q: '123' });
  });
});
