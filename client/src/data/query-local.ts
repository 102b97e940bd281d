/**
 * The table API's page call (api.md "Generic table API") answered from local rows, with the
 * server's semantics: filters (Equal exact, StringContains case-insensitive, comparisons, In, null
 * with Equal/NotEqual), order by a field then by id in the same direction (nulls first when
 * ascending, as SQLite sorts), ascending unless IsAsc is false, 1-based pages, and the count of
 * every matching row. Screens keep the arguments they gave the server.
 */
import type { Filter, Page, PageQuery } from './table-api';

type Scalar = string | number | boolean;

function comparable(value: unknown): Scalar | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** SQLite's order: NULL first, then numbers (booleans as 0/1), then text. */
export function compareValues(a: unknown, b: unknown): number {
  const x = comparable(a);
  const y = comparable(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  const nx = typeof x === 'boolean' ? Number(x) : x;
  const ny = typeof y === 'boolean' ? Number(y) : y;
  if (typeof nx === 'number' && typeof ny === 'number') return nx - ny;
  if (typeof nx === 'number') return -1;
  if (typeof ny === 'number') return 1;
  return nx < ny ? -1 : nx > ny ? 1 : 0;
}

function equals(a: unknown, b: unknown): boolean {
  const x = comparable(a);
  const y = comparable(b);
  if (typeof x === 'boolean' || typeof y === 'boolean') return Number(x) === Number(y);
  return x === y;
}

export function matches(row: Record<string, unknown>, filter: Filter): boolean {
  const value = row[filter.name];
  const wanted = filter.value;
  if (wanted === null) {
    if (filter.op === 'Equal') return value === null || value === undefined;
    if (filter.op === 'NotEqual') return value !== null && value !== undefined;
    return false;
  }
  switch (filter.op) {
    case 'Equal':
      return value !== null && value !== undefined && equals(value, wanted);
    case 'NotEqual':
      return value === null || value === undefined || !equals(value, wanted);
    case 'GreaterThan':
      return value !== null && value !== undefined && compareValues(value, wanted) > 0;
    case 'GreaterThanOrEqual':
      return value !== null && value !== undefined && compareValues(value, wanted) >= 0;
    case 'LessThan':
      return value !== null && value !== undefined && compareValues(value, wanted) < 0;
    case 'LessThanOrEqual':
      return value !== null && value !== undefined && compareValues(value, wanted) <= 0;
    case 'StringContains':
      return typeof value === 'string' && value.toLowerCase().includes(String(wanted).toLowerCase());
    case 'In':
      return Array.isArray(wanted) && value !== null && value !== undefined && wanted.some((w) => equals(value, w));
  }
}

/** Filters, orders and pages rows as the server's page call does. */
export function selectPage<T extends Record<string, unknown>>(rows: readonly T[], query: PageQuery, key = 'id'): Page<T> {
  const filters = query.Filters ?? [];
  const matching = filters.length ? rows.filter((row) => filters.every((f) => matches(row, f))) : [...rows];
  const field = query.OrderByField || key;
  const direction = query.IsAsc === false ? -1 : 1;
  matching.sort((a, b) => direction * (compareValues(a[field], b[field]) || compareValues(a[key], b[key])));
  const size = query.PageSize ?? 100;
  const start = ((query.PageNo ?? 1) - 1) * size;
  return { List: matching.slice(start, start + size), VirtualCount: matching.length };
}
