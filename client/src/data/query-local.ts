/**
 * The table API's page call (`POST /api/table/:table/page`, shared/api/table.ts) answered from local rows, with the
 * server's semantics: filters (Equal exact, StringContains case-insensitive, comparisons, In, null
 * with Equal/NotEqual), order by a field then by id in the same direction (nulls first when
 * ascending, as SQLite sorts), ascending unless IsAsc is false, 1-based pages, and the count of
 * every matching row. Screens keep the arguments they gave the server.
 */
import type { FilterInput, Page, PageQuery } from './table-api';

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

export function matches(row: Record<string, unknown>, filter: FilterInput): boolean {
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

type Row = Record<string, unknown>;

/** The server's order for a query: by the field, then by the key, in the same direction. */
export function orderOf(query: PageQuery, key = 'id'): (a: Row, b: Row) => number {
  const field = query.OrderByField || key;
  const direction = query.IsAsc === false ? -1 : 1;
  return (a, b) => direction * (compareValues(a[field], b[field]) || compareValues(a[key], b[key]));
}

function filterOf(query: PageQuery): (row: Row) => boolean {
  const filters = query.Filters ?? [];
  return (row) => filters.every((f) => matches(row, f));
}

/** Every row that matches the query's filters, in its order (not yet cut into a page). */
export function matchAll<T extends Row>(rows: Iterable<T>, query: PageQuery, key = 'id'): T[] {
  const keep = filterOf(query);
  const matching: T[] = [];
  for (const row of rows) if (keep(row)) matching.push(row);
  return matching.sort(orderOf(query, key));
}

/**
 * `matchAll` again after some rows changed, from its previous answer: the rows that did not
 * change keep their place, the changed ones (looked up in `rows`; gone when missing) are filtered
 * and merged in. Linear in the rows, with a sort of only the changed ones.
 */
export function rematch<T extends Row>(previous: readonly T[], changed: ReadonlySet<string>, rows: ReadonlyMap<string, T>, query: PageQuery, key = 'id'): T[] {
  if (changed.size === 0) return [...previous];
  const keep = filterOf(query);
  const order = orderOf(query, key);
  const added: T[] = [];
  for (const id of changed) {
    const row = rows.get(id);
    if (row && keep(row)) added.push(row);
  }
  added.sort(order);
  const out: T[] = [];
  let i = 0;
  for (const row of previous) {
    if (changed.has(String(row[key]))) continue;
    while (i < added.length && order(added[i] as T, row) < 0) out.push(added[i++] as T);
    out.push(row);
  }
  while (i < added.length) out.push(added[i++] as T);
  return out;
}

/** One page of rows already matched and ordered (1-based pages, the count of all of them). */
export function pageOf<T>(matching: readonly T[], query: PageQuery): Page<T> {
  const size = query.PageSize ?? 100;
  const start = ((query.PageNo ?? 1) - 1) * size;
  return { List: matching.slice(start, start + size), VirtualCount: matching.length };
}

/** Filters, orders and pages rows as the server's page call does. */
export function selectPage<T extends Row>(rows: readonly T[], query: PageQuery, key = 'id'): Page<T> {
  return pageOf(matchAll(rows, query, key), query);
}
