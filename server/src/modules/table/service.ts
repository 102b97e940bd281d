/**
 * The generic table API's reads: one page of any registry table the caller may read, limited to
 * its rows by the policy (server/src/policy.ts). Its writes go through the one write pipeline
 * (server/src/write/pipeline.ts), like sync push's.
 *
 * The page path is hot (the benchmark pages 100 000 bookings): column facts are computed once
 * per table, filters are checked by hand against them, the COUNT and the SELECT of each query
 * shape are built by drizzle (with placeholders) and compiled by SQLite once, and rows are
 * decoded only where a column needs it and copied only when a column must be hidden.
 */
import type { Statement } from 'better-sqlite3';
import { Placeholder, and, asc, count, desc, eq, gt, gte, inArray, is, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TableDef } from '../../../../shared/registry';
import { MAX_FILTER_VALUES, MAX_IN_VALUES, filterValueCount, type Filter } from '../../../../shared/api/table';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { metaOf, type ColumnMeta, type TableMeta } from '../../db/table-meta';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { columnsOf, type Row } from '../../db/write';
import { Forbidden, ValidationFailed } from '../../errors';
import { currencyAmountsOf } from '../../../../shared/schema/money-codec';
import { fromMinor } from '../../../../shared/money';
import { minorScaleSql } from '../../db/money';
import { literalLimit } from '../../db/limit';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { canOperate, readView, redactRow, scopeTemplate, type ReadView } from '../../policy';

export type PageInput = {
  PageNo: number;
  PageSize: number;
  OrderByField?: string | null;
  IsAsc?: boolean | null;
  Filters?: readonly Filter[] | null;
};
export type PageResult = { List: Row[]; VirtualCount: number };

// ── Page ───────────────────────────────────────────────────────────────────────────────────

const MAX_TEXT_FILTER = 1000;
const MAX_NUMBER = 1e12;
const NOTHING: SQL = sql`0 = 1`;

function bad(field: string, reason: string): ValidationFailed {
  return new ValidationFailed(`Invalid value for ${field}: ${reason}`);
}

/** A field a page may filter or order by: a plain column, and one the caller's rows carry (policy.ts `readView`). */
function queryableColumn(meta: TableMeta, view: ReadView, name: string, field: string): ColumnMeta {
  const col = meta.columns.get(name);
  // A field the caller does not receive is not there for it: filtering by it would tell its values.
  if (!col || !col.queryable || (view.fieldSet && !view.fieldSet.has(name))) throw bad(field, `no such field "${name.slice(0, 100)}"`);
  return col;
}

function scalar(col: ColumnMeta, value: unknown, field: string): string | number | boolean {
  switch (col.kind) {
    case 'text':
      if (typeof value === 'string' && value.length <= MAX_TEXT_FILTER) return value;
      throw bad(field, `must be a string of at most ${MAX_TEXT_FILTER} characters`);
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw bad(field, 'must be an integer');
    case 'real':
    case 'money':
      if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_NUMBER) return value;
      throw bad(field, 'must be a number');
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 0 || value === 1) return value === 1;
      throw bad(field, 'must be true or false');
    default:
      throw bad(field, 'cannot be filtered on');
  }
}

/** LIKE pattern for a substring, with the wildcard characters of the value taken literally. */
function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One checked filter: its part of the statement's cache key, the driver values of its
 * placeholders (set into `values`), and how to build its SQL when the statement is not cached.
 * Values go through the column's own encoder (units → cents, true → 1) because placeholders are
 * filled raw.
 */
type FilterPart = { key: string; build: () => SQL };

function filterPart(meta: TableMeta, view: ReadView, filter: Filter, index: number, values: Record<string, unknown>): FilterPart {
  const where = `Filters.${index}`;
  const col = queryableColumn(meta, view, filter.name, `${where}.name`);
  const c = col.column;
  const valueField = `${where}.value`;
  const { op, value } = filter;
  const key = `${filter.name}:${op}`;
  if (value === undefined) throw bad(valueField, 'required');
  if (value === null) {
    if (op === 'Equal') return { key: `${key}:null`, build: () => isNull(c) };
    if (op === 'NotEqual') return { key: `${key}:null`, build: () => isNotNull(c) };
    throw bad(valueField, `null is only allowed with Equal and NotEqual`);
  }
  const name = `f${index}`;
  const scale = amountScale(meta, filter.name);
  const bind = (v: string | number | boolean, placeholder = name): SQL => {
    if (scale) {
      // An amount in the row's currency: the value in units, scaled per row (6 places absorb float noise).
      values[placeholder] = v;
      return sql`round(${sql.placeholder(placeholder)} * ${scale}, 6)`;
    }
    values[placeholder] = c.mapToDriverValue(v);
    return sql`${sql.placeholder(placeholder)}`;
  };
  switch (op) {
    case 'Equal': {
      const p = bind(scalar(col, value, valueField));
      return { key, build: () => eq(c, p) };
    }
    case 'NotEqual': {
      const p = bind(scalar(col, value, valueField));
      // SQL's <> never matches NULL; "not equal to x" should include rows without a value.
      return { key, build: () => (col.nullable ? (or(ne(c, p), isNull(c)) as SQL) : ne(c, p)) };
    }
    case 'GreaterThan': {
      const p = bind(scalar(col, value, valueField));
      return { key, build: () => gt(c, p) };
    }
    case 'GreaterThanOrEqual': {
      const p = bind(scalar(col, value, valueField));
      return { key, build: () => gte(c, p) };
    }
    case 'LessThan': {
      const p = bind(scalar(col, value, valueField));
      return { key, build: () => lt(c, p) };
    }
    case 'LessThanOrEqual': {
      const p = bind(scalar(col, value, valueField));
      return { key, build: () => lte(c, p) };
    }
    case 'StringContains': {
      if (col.kind !== 'text') throw bad(`${where}.op`, `StringContains needs a text field, ${filter.name} is not one`);
      const p = bind(containsPattern(scalar(col, value, valueField) as string));
      // lower() on both sides keeps the comparison case-insensitive on SQLite and PostgreSQL alike.
      return { key, build: () => sql`lower(${c}) like ${p} escape '\\'` };
    }
    case 'In': {
      if (!Array.isArray(value)) throw bad(valueField, 'must be a list');
      if (value.length > MAX_IN_VALUES) throw bad(valueField, `must have at most ${MAX_IN_VALUES} values`);
      if (value.length === 0) return { key: `${key}:0`, build: () => NOTHING };
      const ps = value.map((v, i) => bind(scalar(col, v, `${valueField}.${i}`), `${name}_${i}`));
      return { key: `${key}:${ps.length}`, build: () => inArray(c, ps) };
    }
  }
}

/** A drizzle-built statement compiled by SQLite once, with its parameters in order. */
type Compiled = { statement: Statement; params: readonly unknown[] };
/** The two statements of one page shape. */
type PageStatements = { count: Compiled; page: Compiled };

function compile(db: Db, query: { toSQL: () => { sql: string; params: unknown[] } }, pluck = false): Compiled {
  const { sql: text, params } = query.toSQL();
  const statement = db.$client.prepare(text);
  if (pluck) statement.pluck();
  return { statement, params };
}

/** Parameters of a compiled statement: placeholders from `values`, constants as drizzle encoded them. */
function fill(compiled: Compiled, values: Record<string, unknown>): unknown[] {
  return compiled.params.map((p) => (is(p, Placeholder) ? values[p.name] : p));
}

/**
 * Prepared page statements per database and shape (table, scope kind, filter names/ops, order):
 * building a drizzle query costs more than running it, so each shape is built and compiled once.
 * Bounded, since clients choose the shapes.
 */
const statementCache = new WeakMap<Db, Map<string, PageStatements>>();
const MAX_CACHED_SHAPES = 500;

function statementsFor(db: Db, key: string, build: () => PageStatements): PageStatements {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statements = cache.get(key);
  if (!statements) {
    if (cache.size >= MAX_CACHED_SHAPES) cache.clear();
    statements = build();
    cache.set(key, statements);
  }
  return statements;
}

/** The units-to-minor factor of a field priced in its row's currency (shared/schema/money-codec.ts), else undefined. */
function amountScale(meta: TableMeta, field: string): SQL | undefined {
  const spec = meta.amounts;
  if (!spec || !spec.amounts.includes(field)) return undefined;
  return minorScaleSql(meta.columns.get(spec.currency)?.column as SQLiteColumn);
}

/**
 * Raw rows to the shape drizzle's select gives (money in units, booleans, parsed JSON), with the
 * column decoders drizzle itself uses, applied only to the columns that need one, and amounts in
 * their row's currency converted to units.
 */
function decodeRows(meta: TableMeta, rows: Row[]): Row[] {
  const spec = meta.amounts;
  if (meta.decoded.length === 0 && !spec) return rows;
  for (const row of rows) {
    for (const [name, column] of meta.decoded) {
      const value = row[name];
      if (value !== null && value !== undefined) row[name] = column.mapFromDriverValue(value);
    }
    if (!spec) continue;
    const currency = row[spec.currency];
    for (const name of spec.amounts) {
      const value = row[name];
      if (typeof value === 'number') row[name] = fromMinor(value, typeof currency === 'string' ? currency : undefined);
    }
  }
  return rows;
}

/** The columns `fields` names, for a select of those only (an amount brings its currency along). */
function pick(def: TableDef, fields: readonly string[]): Record<string, SQLiteColumn> {
  const columns = columnsOf(def);
  const spec = currencyAmountsOf(def.table as SQLiteTable);
  const wanted = spec && fields.some((f) => spec.amounts.includes(f)) && !fields.includes(spec.currency) ? [...fields, spec.currency] : fields;
  return Object.fromEntries(wanted.map((f) => [f, columns[f] as SQLiteColumn]));
}

/**
 * One page of the rows the actor may see, with the count of all matching rows. The input is the
 * route's validated body; field names and filter values are checked here against the columns.
 */
export function pageRows(db: Db, actor: Actor, def: TableDef, input: PageInput): PageResult {
  if (!canOperate(actor, def, 'read')) throw new Forbidden();
  const meta = metaOf(def);
  const scope = scopeTemplate(actor, def);
  // The fields of the rows this role receives (shared/device-fields.ts), as sync pull sends them.
  const view = readView(actor, def);
  const offset = (input.PageNo - 1) * input.PageSize;
  const values: Record<string, unknown> = { ...scope.values, offset };

  const filters = input.Filters ?? [];
  // The route's schema refuses this already; checked again here because every value becomes a
  // bound parameter and SQLite has a bound on those (shared/api/table.ts, MAX_FILTER_VALUES).
  if (filterValueCount(filters) > MAX_FILTER_VALUES) throw bad('Filters', `must carry at most ${MAX_FILTER_VALUES} values in all`);
  const parts: FilterPart[] = [];
  for (let i = 0; i < filters.length; i += 1) parts.push(filterPart(meta, view, filters[i] as Filter, i, values));
  const orderName = input.OrderByField || undefined;
  const orderCol = orderName ? queryableColumn(meta, view, orderName, 'OrderByField').column : meta.key;
  const ascending = input.IsAsc !== false;
  // The page size is written into the statement (db/limit.ts: a bound LIMIT is planned again on
  // every run), so it is part of the shape: screens use a few sizes, and the cache of shapes is
  // bounded whatever a client asks (MAX_CACHED_SHAPES).
  const key = `${def.id}|${scope.key}|${view.key}|${orderName ?? ''}|${ascending ? 'a' : 'd'}|${input.PageSize}|${parts.map((p) => p.key).join('&')}`;

  const statements = statementsFor(db, key, () => {
    const where = and(meta.deleted ? isNull(meta.deleted) : undefined, scope.where, ...parts.map((p) => p.build()));
    const direction = ascending ? asc : desc;
    // The key breaks ties so that pages neither repeat nor skip rows.
    // An amount in its row's currency orders by its value in units, as it did before the stored scale followed the currency.
    const orderScale = orderName ? amountScale(meta, orderName) : undefined;
    const orderExpr = orderScale ? sql`(${orderCol} * 1.0 / ${orderScale})` : orderCol;
    const orderBy = orderCol === meta.key ? [direction(meta.key)] : [direction(orderExpr), direction(meta.key)];
    return {
      count: compile(db, db.select({ n: count() }).from(def.table).where(where), true),
      page: compile(
        db,
        (view.fields ? db.select(pick(def, view.fields)) : db.select())
          .from(def.table)
          .where(where)
          .orderBy(...orderBy)
          .limit(literalLimit(input.PageSize))
          .offset(sql.placeholder('offset')),
      ),
    };
  });

  const total = Number(statements.count.statement.get(...fill(statements.count, values)));
  if (offset >= total) return { List: [], VirtualCount: total };
  const rows = decodeRows(meta, statements.page.statement.all(...fill(statements.page, values)) as Row[]);
  return { List: view.hidden ? rows.map((r) => redactRow(def, r)) : rows, VirtualCount: total };
}
