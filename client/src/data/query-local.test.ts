import { describe, expect, it } from 'vitest';
import { compareValues, matchAll, rematch, selectPage } from './query-local';

const rows = [
  { id: 'b', property_name: 'Lisbon Loft', bedrooms: 2, status: 'active', latitude: null, is_active: true },
  { id: 'a', property_name: 'austin bungalow', bedrooms: 3, status: 'inactive', latitude: 30.2, is_active: false },
  { id: 'c', property_name: 'Kyoto Machiya', bedrooms: 2, status: 'active', latitude: 35, is_active: true },
  { id: 'd', property_name: 'Cabin', bedrooms: 1, status: 'archived', latitude: null, is_active: true },
];

describe('selectPage (the table API page call, locally)', () => {
  it('orders by id ascending by default, and by a field then id, nulls first like SQLite', () => {
    expect(selectPage(rows, {}).List.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(selectPage(rows, { OrderByField: 'bedrooms', IsAsc: false }).List.map((r) => r.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(selectPage(rows, { OrderByField: 'latitude' }).List.map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('filters like the server: Equal exact, StringContains case-insensitive, comparisons, In, null', () => {
    const ids = (filters: Parameters<typeof selectPage>[1]['Filters']) => selectPage(rows, { Filters: filters }).List.map((r) => r.id);
    expect(ids([{ name: 'status', op: 'Equal', value: 'active' }])).toEqual(['b', 'c']);
    expect(ids([{ name: 'property_name', op: 'Equal', value: 'cabin' }])).toEqual([]);
    expect(ids([{ name: 'property_name', op: 'StringContains', value: 'AUSTIN' }])).toEqual(['a']);
    expect(ids([{ name: 'bedrooms', op: 'GreaterThanOrEqual', value: 2 }])).toEqual(['a', 'b', 'c']);
    expect(ids([{ name: 'bedrooms', op: 'LessThan', value: 2 }])).toEqual(['d']);
    expect(ids([{ name: 'status', op: 'In', value: ['archived', 'inactive'] }])).toEqual(['a', 'd']);
    expect(ids([{ name: 'latitude', op: 'Equal', value: null }])).toEqual(['b', 'd']);
    expect(ids([{ name: 'latitude', op: 'NotEqual', value: null }])).toEqual(['a', 'c']);
    expect(ids([{ name: 'latitude', op: 'NotEqual', value: 35 }])).toEqual(['a', 'b', 'd']);
    expect(ids([{ name: 'is_active', op: 'Equal', value: true }])).toEqual(['b', 'c', 'd']);
    expect(ids([{ name: 'latitude', op: 'GreaterThan', value: 0 }])).toEqual(['a', 'c']);
  });

  it('pages from 1 and counts every matching row', () => {
    const page = selectPage(rows, { PageNo: 2, PageSize: 3 });
    expect(page).toEqual({ List: [rows[3]], VirtualCount: 4 });
  });

  it('compares numbers before text, booleans as 0/1', () => {
    expect(compareValues(2, '1')).toBeLessThan(0);
    expect(compareValues(true, false)).toBeGreaterThan(0);
    expect(compareValues(null, 0)).toBeLessThan(0);
  });
});

describe('rematch (a page again after some rows changed)', () => {
  const query = { OrderByField: 'bedrooms', IsAsc: false, Filters: [{ name: 'status', op: 'NotEqual' as const, value: 'archived' }] };
  const byId = (list: typeof rows) => new Map(list.map((r) => [r.id, r]));

  it('gives what a full match gives, keeping the unchanged rows as they were', () => {
    const before = matchAll(rows, query);
    const changedRows = [
      { ...rows[0]!, bedrooms: 5 },
      { ...rows[3]!, status: 'active' },
      { id: 'e', property_name: 'Eyrie', bedrooms: 2, status: 'active', latitude: null, is_active: true },
    ];
    const next = [changedRows[0]!, rows[1]!, rows[2]!, changedRows[1]!, changedRows[2]!];
    const again = rematch(before, new Set(['b', 'd', 'e']), byId(next), query);
    expect(again).toEqual(matchAll(next, query));
    expect(again.find((r) => r.id === 'c')).toBe(rows[2]);
  });

  it('drops rows that went or stopped matching', () => {
    const before = matchAll(rows, query);
    const next = [rows[0]!, { ...rows[2]!, status: 'archived' }];
    expect(rematch(before, new Set(['a', 'c']), byId(next), query).map((r) => r.id)).toEqual(['b']);
    expect(rematch(before, new Set(), byId(rows), query)).toEqual(before);
  });
});
