import { describe, expect, it } from 'vitest';
import { compareValues, selectPage } from './query-local';

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
