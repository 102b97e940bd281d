/**
 * The generic table API (api.md "Generic table API"): page, create, update and delete on any
 * registry table, limited by the policy module. Plain functions `(db, actor, def, input)`, so
 * that sync push and jobs can call the same code without HTTP.
 *
 * The page path is hot (the benchmark pages 100 000 bookings): column facts are computed once
 * per table, filters are checked by hand against them, the COUNT and the SELECT of each query
 * shape are built by drizzle (with placeholders) and compiled by SQLite once, and rows are
 * decoded only where a column needs it and copied only when a column must be hidden.
 */
import type { Statement } from 'better-sqlite3';
import { Placeholder, and, asc, count, desc, eq, getTableName, gt, gte, inArray, is, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { hostProfiles, users } from '../../../../shared/schema/tables';
import { loadConfig } from '../../config';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { cachedStatement, columnsOf, insertRow, keyColumn, newId, nowIso, tombstoneRow, transact, updateFields, type Row, type Tx } from '../../db/write';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors';
import { decryptSecret, encryptSecret } from '../../plugins/secret';
import { assertRowInScope, assertRowWrite, assertWritable, canOperate, hasHiddenColumns, redactRow, scopeTemplate, type Channel, type Operation } from '../../policy';
import { domainWriterFor, type DomainEnv } from './domain';
import { parseFast } from './fast-parse';
import { afterTaskWrite } from '../housekeeping/service';

export const FILTER_OPS = ['Equal', 'NotEqual', 'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual', 'StringContains', 'In'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export type Filter = { name: string; op: FilterOp; value?: unknown };

export type PageInput = {
  PageNo: number;
  PageSize: number;
  OrderByField?: string | null;
  IsAsc?: boolean | null;
  Filters?: readonly Filter[] | null;
};
export type PageResult = { List: Row[]; VirtualCount: number };

export type WriteEnv = {
  now: Date;
  /** Key for settings marked is_encrypted (architecture.md §2: secrets encrypted at rest). */
  secretKey: Buffer;
  /** Which door the write comes through (policy.ts): the table API unless sync says so. */
  channel?: Channel;
  /** Origin of public links the domain services write (a property's iCal export URL); config's by default. */
  publicOrigin?: string;
  /**
   * The caller runs this one write in a savepoint of its own (sync push: one per mutation), so
   * the service opens none inside it: a failure rolls back the caller's savepoint, which holds
   * exactly this write.
   */
  ownSavepoint?: boolean;
};

function domainEnv(db: Db, env: WriteEnv): DomainEnv {
  return { now: env.now, publicOrigin: env.publicOrigin ?? loadConfig().publicOrigin, db };
}

// ── Column facts, once per table ────────────────────────────────────────────────────────────

/**
 * How a filter value is checked. Checked values then go through the column's own encoder
 * (money: units → cents; booleans: 1/0), since placeholders are filled raw.
 */
type ColumnKind = 'text' | 'integer' | 'real' | 'money' | 'boolean' | 'json' | 'other';

type ColumnMeta = {
  column: SQLiteColumn;
  kind: ColumnKind;
  nullable: boolean;
  /** False for secret and JSON columns: they are neither filtered nor ordered by. */
  queryable: boolean;
};

type TableMeta = {
  columns: ReadonlyMap<string, ColumnMeta>;
  key: SQLiteColumn;
  deleted: SQLiteColumn | undefined;
  createFields: ReadonlySet<string>;
  updateFields: ReadonlySet<string>;
  /** `<col>_set` flags of hidden columns: a client sending a row back may carry them. */
  flags: ReadonlySet<string>;
  hidden: boolean;
  /** Columns whose stored value differs from the row's (cents, 0/1, JSON text). */
  decoded: readonly (readonly [string, SQLiteColumn])[];
};

function kindOf(column: SQLiteColumn): ColumnKind {
  switch (column.columnType) {
    case 'SQLiteText':
      return 'text';
    case 'SQLiteInteger':
      return 'integer';
    case 'SQLiteReal':
      return 'real';
    case 'SQLiteBoolean':
      return 'boolean';
    case 'SQLiteTextJson':
      return 'json';
    case 'SQLiteCustomColumn':
      // The one custom column type of the schema is money (integer cents).
      return column.getSQLType() === 'integer' ? 'money' : 'other';
    default:
      return 'other';
  }
}

const metaCache = new Map<TableDef, TableMeta>();

function metaOf(def: TableDef): TableMeta {
  const cached = metaCache.get(def);
  if (cached) return cached;
  const columns = new Map<string, ColumnMeta>();
  const decoded: [string, SQLiteColumn][] = [];
  for (const [name, column] of Object.entries(columnsOf(def))) {
    // Raw rows are keyed by SQL column name; the schema uses the same names on purpose (style.md §6).
    if (column.name !== name) throw new Error(`${def.name}.${name} is stored as ${column.name}: the table API needs one name`);
    const kind = kindOf(column);
    if (kind === 'money' || kind === 'boolean' || kind === 'json' || kind === 'other') decoded.push([name, column]);
    const queryable = kind !== 'json' && kind !== 'other' && !def.secret.includes(name);
    columns.set(name, { column, kind, nullable: !column.notNull, queryable });
  }
  const flags = new Set(def.secret.map((c) => `${c}_set`));
  if (def.id === TABLE_IDS.platform_settings) flags.add('setting_value_set');
  const meta: TableMeta = {
    columns,
    key: keyColumn(def),
    deleted: columns.get('deleted_at')?.column,
    createFields: new Set(Object.keys(def.schemas.create.shape)),
    updateFields: new Set(Object.keys(def.schemas.update.shape)),
    flags,
    hidden: hasHiddenColumns(def),
    decoded,
  };
  metaCache.set(def, meta);
  return meta;
}

/** The table addressed by a path segment, or 404. */
export function tableFor(segment: string | number): TableDef {
  const id = typeof segment === 'number' ? segment : /^\d{1,9}$/.test(segment) ? Number(segment) : NaN;
  const def = Number.isInteger(id) ? tableById(id) : undefined;
  if (!def) throw new NotFound(`Unknown table: ${String(segment).slice(0, 50)}`);
  return def;
}

// ── Page ───────────────────────────────────────────────────────────────────────────────────

const MAX_TEXT_FILTER = 1000;
const MAX_IN_VALUES = 1000;
const MAX_NUMBER = 1e12;
const NOTHING: SQL = sql`0 = 1`;

function bad(field: string, reason: string): ValidationFailed {
  return new ValidationFailed(`Invalid value for ${field}: ${reason}`);
}

function queryableColumn(meta: TableMeta, name: string, field: string): ColumnMeta {
  const col = meta.columns.get(name);
  if (!col || !col.queryable) throw bad(field, `no such field "${name.slice(0, 100)}"`);
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

function filterPart(meta: TableMeta, filter: Filter, index: number, values: Record<string, unknown>): FilterPart {
  const where = `Filters.${index}`;
  const col = queryableColumn(meta, filter.name, `${where}.name`);
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
  const bind = (v: string | number | boolean, placeholder = name) => {
    values[placeholder] = c.mapToDriverValue(v);
    return sql.placeholder(placeholder);
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

/**
 * Raw rows to the shape drizzle's select gives (money in units, booleans, parsed JSON), with the
 * column decoders drizzle itself uses, applied only to the columns that need one.
 */
function decodeRows(meta: TableMeta, rows: Row[]): Row[] {
  if (meta.decoded.length === 0) return rows;
  for (const row of rows) {
    for (const [name, column] of meta.decoded) {
      const value = row[name];
      if (value !== null && value !== undefined) row[name] = column.mapFromDriverValue(value);
    }
  }
  return rows;
}

/**
 * One page of the rows the actor may see, with the count of all matching rows. The input is the
 * route's validated body; field names and filter values are checked here against the columns.
 */
export function pageRows(db: Db, actor: Actor, def: TableDef, input: PageInput): PageResult {
  if (!canOperate(actor, def, 'read')) throw new Forbidden();
  const meta = metaOf(def);
  const scope = scopeTemplate(actor, def);
  const offset = (input.PageNo - 1) * input.PageSize;
  const values: Record<string, unknown> = { ...scope.values, limit: input.PageSize, offset };

  const filters = input.Filters ?? [];
  const parts: FilterPart[] = [];
  for (let i = 0; i < filters.length; i += 1) parts.push(filterPart(meta, filters[i] as Filter, i, values));
  const orderName = input.OrderByField || undefined;
  const orderCol = orderName ? queryableColumn(meta, orderName, 'OrderByField').column : meta.key;
  const ascending = input.IsAsc !== false;
  const key = `${def.id}|${scope.key}|${orderName ?? ''}|${ascending ? 'a' : 'd'}|${parts.map((p) => p.key).join('&')}`;

  const statements = statementsFor(db, key, () => {
    const where = and(meta.deleted ? isNull(meta.deleted) : undefined, scope.where, ...parts.map((p) => p.build()));
    const direction = ascending ? asc : desc;
    // The key breaks ties so that pages neither repeat nor skip rows.
    const orderBy = orderCol === meta.key ? [direction(meta.key)] : [direction(orderCol), direction(meta.key)];
    return {
      count: compile(db, db.select({ n: count() }).from(def.table).where(where), true),
      page: compile(
        db,
        db
          .select()
          .from(def.table)
          .where(where)
          .orderBy(...orderBy)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    };
  });

  const total = Number(statements.count.statement.get(...fill(statements.count, values)));
  if (offset >= total) return { List: [], VirtualCount: total };
  const rows = decodeRows(meta, statements.page.statement.all(...fill(statements.page, values)) as Row[]);
  return { List: meta.hidden ? rows.map((r) => redactRow(def, r)) : rows, VirtualCount: total };
}

// ── Writes ─────────────────────────────────────────────────────────────────────────────────

function isAdmin(actor: Actor): boolean {
  return actor.role === 'super_admin' || actor.role === 'admin';
}

/**
 * The body's fields the entity schema takes from this caller. A column the schema leaves out is
 * server-set (decisions.md: never taken from a client, ignored without error), and so is the owner
 * column for hosts and staff; a key that is no column at all is a 400.
 */
function pickFields(def: TableDef, meta: TableMeta, actor: Actor, op: 'create' | 'update', body: Record<string, unknown>): Row {
  const schemaFields = op === 'create' ? meta.createFields : meta.updateFields;
  const serverOwner = isAdmin(actor) ? null : def.owner;
  const out: Row = {};
  for (const key of Object.keys(body)) {
    if (schemaFields.has(key) && key !== serverOwner) {
      out[key] = body[key];
      continue;
    }
    if (meta.columns.has(key) || meta.flags.has(key)) continue;
    throw new ValidationFailed(`Unknown field: ${key.slice(0, 100)}`);
  }
  return out;
}

/** Whether `def` has a live row `id` (and, when given, `also.column` = `also.value`); statements cached per connection. */
function liveRowExists(tx: Tx, def: TableDef, id: string, also?: { column: string; value: string }): boolean {
  const meta = metaOf(def);
  const statement = cachedStatement(tx, `table:live:${def.id}:${also?.column ?? ''}`, (client) => {
    const conditions = [`"${meta.key.name}" = ?`];
    if (meta.deleted) conditions.push(`"${meta.deleted.name}" is null`);
    if (also) conditions.push(`"${also.column}" = ?`);
    return client.prepare(`select 1 from "${getTableName(def.table)}" where ${conditions.join(' and ')}`).pluck();
  });
  return (also ? statement.get(id, also.value) : statement.get(id)) !== undefined;
}

/** The owner column of a new row: from the caller for hosts and staff, named and checked for admins. */
function setOwner(tx: Tx, actor: Actor, def: TableDef, values: Row): void {
  if (!def.owner) return;
  if (!isAdmin(actor)) {
    if (def.owner === 'host_id') {
      if (!actor.hostProfileId) throw new Forbidden('A host profile is required');
      values.host_id = actor.hostProfileId;
    } else {
      values.user_id = actor.userId;
    }
    return;
  }
  const meta = metaOf(def);
  const owner = values[def.owner];
  if (owner === undefined || owner === null) {
    if (meta.columns.get(def.owner)?.nullable) return;
    throw bad(def.owner, 'required');
  }
  checkOwner(tx, def, String(owner));
}

function checkOwner(tx: Tx, def: TableDef, owner: string): void {
  if (def.owner === 'host_id') {
    if (!liveRowExists(tx, HOST_PROFILES, owner)) throw bad('host_id', 'no such host profile');
  } else if (def.owner === 'user_id') {
    const also = def.id === TABLE_IDS.host_profiles ? { column: 'Role', value: 'host' } : undefined;
    if (!liveRowExists(tx, USERS, owner, also)) throw bad('user_id', def.id === TABLE_IDS.host_profiles ? 'no such host user' : 'no such user');
  }
}

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const USERS = requireDef(TABLE_IDS.users);
const HOST_PROFILES = requireDef(TABLE_IDS.host_profiles);
const AUDIT_LOG = requireDef(TABLE_IDS.audit_log);

/** Columns naming another host-owned row: it must be a live row of the same host. */
const REFERENCES: Readonly<Record<string, { table: number; label: string }>> = {
  property_id: { table: TABLE_IDS.properties, label: 'property' },
  booking_id: { table: TABLE_IDS.bookings, label: 'booking' },
  assigned_staff_id: { table: TABLE_IDS.housekeeping_staff, label: 'staff member' },
  template_id: { table: TABLE_IDS.task_templates, label: 'task template' },
};

function checkReferences(tx: Tx, def: TableDef, row: Row, fields: Iterable<string>): void {
  if (def.owner !== 'host_id') return;
  const meta = metaOf(def);
  for (const field of fields) {
    const ref = REFERENCES[field];
    const value = row[field];
    if (!ref || !meta.columns.has(field) || value === null || value === undefined) continue;
    const target = requireDef(ref.table);
    if (!columnsOf(target).host_id || !liveRowExists(tx, target, String(value), { column: 'host_id', value: String(row.host_id) })) {
      throw bad(field, `no such ${ref.label}`);
    }
  }
}

function decryptOrEmpty(key: Buffer, stored: string): string {
  try {
    return decryptSecret(key, stored);
  } catch {
    return '';
  }
}

/** Settings marked is_encrypted keep their value encrypted at rest (architecture.md §2). */
function sealSetting(changes: Row, before: Row | undefined, key: Buffer): void {
  const encrypted = (changes.is_encrypted ?? before?.is_encrypted) === true;
  if (typeof changes.setting_value === 'string') {
    if (encrypted && changes.setting_value !== '') changes.setting_value = encryptSecret(key, changes.setting_value);
    return;
  }
  if (before && changes.is_encrypted !== undefined && changes.is_encrypted !== before.is_encrypted) {
    const stored = typeof before.setting_value === 'string' ? before.setting_value : '';
    if (stored === '') return;
    changes.setting_value = encrypted ? encryptSecret(key, stored) : decryptOrEmpty(key, stored);
  }
}

/** Tables whose changes by admins are audited (besides every delete). */
const AUDITED = new Set<number>([TABLE_IDS.subscription_tiers, TABLE_IDS.platform_settings, TABLE_IDS.host_profiles, TABLE_IDS.users]);

function audit(tx: Tx, actor: Actor, def: TableDef, op: Operation, id: string, fields: string[], now: Date): void {
  if (op !== 'delete' && !(isAdmin(actor) && AUDITED.has(def.id))) return;
  // Field names only: values may be secrets (SMTP password) and the row itself has them.
  insertRow(
    tx,
    AUDIT_LOG,
    { actor_id: actor.userId, action: op, table_id: def.id, entity_id: id, details: op === 'delete' ? {} : { fields }, created_at: nowIso(now) },
    now,
  );
}

/** better-sqlite3 errors arrive wrapped by drizzle (DrizzleQueryError.cause). */
function sqliteError(err: unknown): { code: string; message: string } | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) return { code, message: current.message };
    current = current.cause;
  }
  return undefined;
}

/** Constraint failures are the client's doing (a taken e-mail, a reused id): 409/400, never 500. */
function translateDbError(err: unknown, def: TableDef, id: string): unknown {
  const e = sqliteError(err);
  if (!e) return err;
  const columns = /constraint failed: (.+)$/i.exec(e.message)?.[1] ?? '';
  const fields = columns
    .split(',')
    .map((c) => c.trim().split('.').pop() ?? '')
    .filter(Boolean);
  if (e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || (fields.length === 1 && fields[0] === def.key)) {
    return new Conflict(`A ${def.name} row with ID ${id} already exists`);
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return new Conflict(`A ${def.name} row with the same ${fields.join(', ') || 'values'} already exists`);
  }
  if (e.code === 'SQLITE_CONSTRAINT_NOTNULL') return bad(fields[0] ?? 'request', 'required');
  return err;
}

function inTransaction<T>(db: Db, def: TableDef, id: string, env: WriteEnv, work: (tx: Tx) => T): T {
  try {
    if (env.ownSavepoint && db.$client.inTransaction) return work(db);
    // A savepoint when the caller has a transaction open.
    return transact(db, work);
  } catch (err) {
    throw translateDbError(err, def, id);
  }
}

/** Fields the server stamps on a new row, where the table has them. */
function stampCreate(def: TableDef, meta: TableMeta, actor: Actor, values: Row, now: Date): void {
  const at = nowIso(now);
  if (meta.columns.has('created_date')) values.created_date = at;
  if (meta.columns.has('created_at')) values.created_at = at;
  if (def.id === TABLE_IDS.users) values.CreateTime = at;
  if (def.id === TABLE_IDS.platform_settings) values.updated_by = actor.userId;
}

function normalise(def: TableDef, values: Row): void {
  // Sign-in looks e-mails up lower-cased; store them so, and the unique index means one account.
  if (def.id === TABLE_IDS.users && typeof values.Email === 'string') values.Email = values.Email.trim().toLowerCase();
}

/** Creates a row from a client record (`id` optional and kept); answers its key. */
export function createRecord(db: Db, actor: Actor, def: TableDef, body: Record<string, unknown>, env: WriteEnv): { ID: string } {
  if (!canOperate(actor, def, 'create', env.channel)) throw new Forbidden();
  const meta = metaOf(def);
  const fields = pickFields(def, meta, actor, 'create', body);
  assertWritable(
    actor,
    def,
    'create',
    Object.keys(fields).filter((k) => k !== def.key),
  );
  if (fields[def.key] === undefined) fields[def.key] = newId();
  const values = parseFast(def.schemas.create, fields) as Row;
  const id = String(values[def.key]);
  normalise(def, values);

  return inTransaction(db, def, id, env, (tx) => {
    setOwner(tx, actor, def, values);
    if (def.id === TABLE_IDS.host_profiles) {
      const userId = String(values.user_id);
      if (hostProfileOf(tx, userId)) throw new Conflict('This user already has a host profile');
      if (values.email === undefined) values.email = emailOf(tx, userId);
    }
    stampCreate(def, meta, actor, values, env.now);
    if (def.id === TABLE_IDS.platform_settings) sealSetting(values, undefined, env.secretKey);
    checkReferences(tx, def, values, Object.keys(values));
    assertRowWrite(actor, def, 'create', undefined, values);
    if (existsAtAll(tx, def, id)) throw new Conflict(`A ${def.name} row with ID ${id} already exists`);
    // Bookings and properties: the domain service does the write and what follows from it.
    const domain = domainWriterFor(def);
    if (domain) domain.create(tx, values, domainEnv(db, env));
    else insertRow(tx, def, values, env.now);
    audit(tx, actor, def, 'create', id, Object.keys(fields), env.now);
    if (def.id === TABLE_IDS.housekeeping_tasks) afterTaskWrite(tx, actor, undefined, values, env.now);
    return { ID: id };
  });
}

function existsAtAll(tx: Tx, def: TableDef, id: string): boolean {
  const meta = metaOf(def);
  const statement = cachedStatement(tx, `table:exists:${def.id}`, (client) => client.prepare(`select 1 from "${getTableName(def.table)}" where "${meta.key.name}" = ?`).pluck());
  return statement.get(id) !== undefined;
}

function hostProfileOf(tx: Tx, userId: string): boolean {
  return (
    tx
      .select({ id: hostProfiles.id })
      .from(hostProfiles)
      .where(and(eq(hostProfiles.user_id, userId), isNull(hostProfiles.deleted_at)))
      .get() !== undefined
  );
}

function emailOf(tx: Tx, userId: string): string {
  return tx.select({ email: users.Email }).from(users).where(eq(users.ID, userId)).get()?.email ?? '';
}

/** Updates the fields of a live row in the actor's scope (404 otherwise); answers its key. */
export function updateRecord(db: Db, actor: Actor, def: TableDef, body: { ID: string } & Record<string, unknown>, env: WriteEnv): { ID: string } {
  if (!canOperate(actor, def, 'update', env.channel)) throw new Forbidden();
  const { ID: id, ...rest } = body;
  if (def.key !== 'ID' && def.key in rest) {
    // The key names the row; it cannot be changed, but sending it back unchanged is harmless.
    if (rest[def.key] !== id) throw bad(def.key, 'must match ID (a row key cannot change)');
    delete rest[def.key];
  }
  return updateFieldsOf(db, actor, def, id, rest, env);
}

/**
 * updateRecord with the row named apart from its fields, which hold neither `ID` nor the key
 * (sync push checks and strips them itself, and spares the copies).
 */
export function updateFieldsOf(db: Db, actor: Actor, def: TableDef, id: string, body: Record<string, unknown>, env: WriteEnv): { ID: string } {
  if (!canOperate(actor, def, 'update', env.channel)) throw new Forbidden();
  const meta = metaOf(def);
  const fields = pickFields(def, meta, actor, 'update', body);
  assertWritable(actor, def, 'update', Object.keys(fields));
  const changes = parseFast(def.schemas.update, fields) as Row;
  normalise(def, changes);

  const domain = domainWriterFor(def);
  return inTransaction(db, def, id, env, (tx) => {
    // Only a domain writer gets the JSON columns of the row before: no rule, check or hook here
    // reads them, and decoding them cost a sync push of checklist ticks as much as the lookup.
    const before = assertRowInScope(tx, actor, def, id, { json: domain !== undefined });
    const changed = Object.keys(changes);
    if (changed.length === 0) return { ID: id };
    if (def.owner && changes[def.owner] !== undefined && changes[def.owner] !== null && changes[def.owner] !== before[def.owner]) {
      checkOwner(tx, def, String(changes[def.owner]));
    }
    const after: Row = { ...before, ...changes };
    if (def.id === TABLE_IDS.platform_settings) {
      sealSetting(changes, before, env.secretKey);
      changes.updated_by = actor.userId;
    }
    // A row moved to another host must still point at that host's rows.
    checkReferences(tx, def, after, 'host_id' in changes ? Object.keys(REFERENCES) : changed);
    assertRowWrite(actor, def, 'update', before, after);
    if (domain) domain.update(tx, before, changes, domainEnv(db, env));
    else updateFields(tx, def, id, changes, env.now);
    audit(tx, actor, def, 'update', id, changed, env.now);
    if (def.id === TABLE_IDS.housekeeping_tasks) afterTaskWrite(tx, actor, before, after, env.now);
    return { ID: id };
  });
}

/**
 * Tombstones a live row in the actor's scope (404 otherwise); answers its key. A property that
 * has bookings is archived instead (properties/service.ts) and answers `archived: true`.
 */
export function deleteRecord(db: Db, actor: Actor, def: TableDef, body: { ID: string }, env: WriteEnv): { ID: string; archived?: true } {
  if (!canOperate(actor, def, 'delete', env.channel)) throw new Forbidden();
  const id = body.ID;
  return inTransaction(db, def, id, env, (tx) => {
    const before = assertRowInScope(tx, actor, def, id);
    assertRowWrite(actor, def, 'delete', before, undefined);
    const domain = domainWriterFor(def);
    let archived = false;
    if (domain) archived = domain.remove(tx, before, domainEnv(db, env)).archived;
    else tombstoneRow(tx, def, id, env.now);
    audit(tx, actor, def, 'delete', id, [], env.now);
    return archived ? { ID: id, archived: true as const } : { ID: id };
  });
}
