/**
 * Generic row writes shared by every path (table API, sync push, seed, jobs, integrations):
 * each write takes the next value of the one global version counter and stamps updated_at in
 * the caller's transaction, and deletes leave a tombstone, so that pulls see every change.
 * Synchronous on purpose: better-sqlite3 transactions must not await.
 */
import type { Database, Statement } from 'better-sqlite3';
import { Column, Placeholder, and, eq, getTableColumns, getTableName, is, isNull, sql, SQL } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { v7 as uuidv7 } from 'uuid';
import { counters } from '../../../shared/schema/tables';
import { amountsFromStore, amountsToStore, currencyAmountsOf, currencyOfRow, rowFromStore, rowToStore } from '../../../shared/schema/money-codec';
import { fromMinor } from '../../../shared/money';
import type { TableDef } from '../../../shared/registry';
import type { Db } from './index';
import { recordChange, trackTransaction } from './changes';

export type Row = Record<string, unknown>;
/** A database handle or an open transaction: both run the same synchronous queries. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'run' | 'get' | 'all'>;

/** The last instant formatted: a batch stamps every row with one `now`, formatted once. */
let lastIso = { time: NaN, text: '' };

export function nowIso(now: Date = new Date()): string {
  const time = now.getTime();
  if (time === lastIso.time) return lastIso.text;
  const text = now.toISOString();
  lastIso = { time, text };
  return text;
}

export function newId(): string {
  return uuidv7();
}

type VersionStatement = { get: (values: { n: number }) => { value: number } | undefined };
/** The counter upsert, built and compiled once per connection (it runs on every write). */
const versionStatements = new WeakMap<object, VersionStatement>();

/**
 * The better-sqlite3 connection behind a database handle or a transaction: a statement compiled
 * for it runs in any transaction on that connection, so caches are keyed by it rather than by the
 * short-lived transaction object.
 */
export function connectionOf(tx: Tx): object {
  const handle = tx as unknown as { $client?: object; session?: { client?: object } };
  return handle.$client ?? handle.session?.client ?? tx;
}

type Runner = ReturnType<Database['transaction']>;
const runners = new WeakMap<object, Runner>();

/**
 * `db.transaction(work)` without drizzle's per-call transaction object and better-sqlite3's
 * per-call wrapper: one wrapper per connection, reused. Inside an open transaction it is a
 * SAVEPOINT (better-sqlite3 nesting), so a throw rolls back `work` alone. `work` gets `db`
 * itself: on one connection, its statements run inside the transaction, and statements cached
 * per handle stay cached across transactions.
 */
export function transact<T>(db: Db, work: (tx: Tx) => T, behavior: 'deferred' | 'immediate' = 'deferred'): T {
  const client = db.$client;
  let runner = runners.get(client);
  if (!runner) runners.set(client, (runner = client.transaction((fn: () => unknown) => fn())));
  const run = runner;
  // The change feed (changes.ts) publishes what `work` wrote once the outermost level commits.
  return trackTransaction(client, () => client.inTransaction, () => run[behavior](() => work(db)) as T);
}

/**
 * Reserves `n` consecutive values of the global version counter (one for every table, so that a
 * sync pull pages every table by one cursor: docs/decisions.md, Sync) and returns the last one: the
 * reserved range is `last - n + 1 … last`.
 */
export function reserveVersions(tx: Tx, n: number): number {
  const connection = connectionOf(tx);
  const held = heldVersions.get(connection);
  if (held) {
    held.next += n;
    return held.next - 1;
  }
  let stmt = versionStatements.get(connection);
  if (!stmt) {
    const amount = sql.placeholder('n');
    stmt = tx
      .insert(counters)
      .values({ name: 'version', value: amount })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${amount}` } })
      .returning({ value: counters.value })
      .prepare() as unknown as VersionStatement;
    versionStatements.set(connection, stmt);
  }
  const row = stmt.get({ n });
  if (!row) throw new Error('The version counter could not be advanced');
  return row.value;
}

/** The counter of a connection while `withHeldVersions` holds it in memory: the next free value. */
const heldVersions = new WeakMap<object, { next: number }>();

/** Where the held counter stands; pass it to `rewind` to give back what was taken since. */
export type VersionMark = number;
export type HeldVersions = { mark(): VersionMark; rewind(mark: VersionMark): void };

/**
 * Runs `work` (inside a transaction, never inside a savepoint) with the global version counter
 * held in memory: each write of a batch takes its version without the counter upsert, and the
 * counter row is written once at the end, in the same transaction. The outcome is the counter
 * in the row: `rewind` after a savepoint rolled back gives its versions back, so that a rejected
 * write bumps nothing, as with the row. Every reservation goes through `reserveVersions`, which
 * serves from the held counter, so nothing on the connection can take a version twice.
 */
export function withHeldVersions<T>(tx: Tx, work: (held: HeldVersions) => T): T {
  const connection = connectionOf(tx);
  const controls = (held: { next: number }): HeldVersions => ({
    mark: () => held.next,
    rewind: (mark) => {
      held.next = mark;
    },
  });
  const outer = heldVersions.get(connection);
  if (outer) return work(controls(outer));
  const start = currentVersion(tx) + 1;
  const held = { next: start };
  heldVersions.set(connection, held);
  let result: T;
  try {
    result = work(controls(held));
  } finally {
    heldVersions.delete(connection);
  }
  if (held.next > start) reserveVersions(tx, held.next - start);
  return result;
}

/** The next value of the global version counter. */
export function nextVersion(tx: Tx): number {
  return reserveVersions(tx, 1);
}

export function currentVersion(tx: Tx): number {
  const held = heldVersions.get(connectionOf(tx));
  if (held) return held.next - 1;
  const value = cachedStatement(tx, 'version:current', (client) => client.prepare(`select value from counters where name = 'version'`).pluck()).get();
  return typeof value === 'number' ? value : 0;
}

export function columnsOf(def: TableDef): Record<string, SQLiteColumn> {
  return getTableColumns(def.table) as Record<string, SQLiteColumn>;
}

export function keyColumn(def: TableDef): SQLiteColumn {
  const col = columnsOf(def)[def.key];
  if (!col) throw new Error(`Table ${def.name} has no key column ${def.key}`);
  return col;
}

function deletedColumn(def: TableDef): SQLiteColumn | undefined {
  return columnsOf(def).deleted_at;
}

// ── Statements per connection and shape ─────────────────────────────────────────────────────
//
// Every write path (the table API, each mutation of a sync push, jobs) reads and writes single
// rows. Building a drizzle query costs more than running it, so the row statements are written
// here once per table and column set and compiled once per connection. Values go through each
// column's own encoder, and rows come back decoded by the column's decoder, exactly as drizzle's
// query builder does (null stays null); where a table or a value needs what only the builder
// does (an SQL expression as a value, a column filled on update), the builder is used instead.

/** Distinct statement shapes kept per connection: the column sets of writes are few in practice. */
const MAX_CACHED_STATEMENTS = 1000;
const statementCache = new WeakMap<object, Map<string, Statement>>();

/** A statement compiled once per connection under `key` (bounded: callers choose column sets). */
export function cachedStatement(tx: Tx, key: string, build: (client: Database) => Statement): Statement {
  const connection = connectionOf(tx);
  let cache = statementCache.get(connection);
  if (!cache) statementCache.set(connection, (cache = new Map()));
  let statement = cache.get(key);
  if (!statement) {
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
    statement = build(clientOf(tx));
    cache.set(key, statement);
  }
  return statement;
}

function clientOf(tx: Tx): Database {
  const connection = connectionOf(tx) as Partial<Database>;
  if (typeof connection.prepare !== 'function') throw new Error('No better-sqlite3 connection behind this handle');
  return connection as Database;
}

type Codec = {
  table: string;
  /** Every column in table order: [field, column, quoted SQL name]. */
  columns: readonly (readonly [string, SQLiteColumn, string])[];
  byField: ReadonlyMap<string, SQLiteColumn>;
  /** Positions in `columns` whose stored value differs from the row's (JSON, 0/1, USD cents). */
  decoded: readonly number[];
  /** Amounts in the row's currency (shared/schema/money-codec.ts): their positions and the currency's. */
  amounts: { currency: number; positions: readonly number[] } | undefined;
  /** Some column is filled by drizzle on insert or update beyond a plain default: use the builder. */
  builderOnly: boolean;
  selectList: string;
};

const codecs = new WeakMap<object, Codec>();

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const identity = Column.prototype.mapFromDriverValue;

type CodecColumns = readonly (readonly [string, SQLiteColumn, string])[];

/** The positions a raw row needs decoding at: by the column's own decoder, and by the row's currency. */
function decoding(def: TableDef, columns: CodecColumns): Pick<Codec, 'decoded' | 'amounts'> {
  const spec = currencyAmountsOf(def.table as SQLiteTable);
  const amountFields = new Set(spec?.amounts ?? []);
  const positions = columns.flatMap(([field], i) => (amountFields.has(field) ? [i] : []));
  const currency = spec ? columns.findIndex(([field]) => field === spec.currency) : -1;
  if (positions.length > 0 && currency < 0) throw new Error(`${def.name}: amounts read without their currency column`);
  return {
    decoded: columns.flatMap(([field, column], i) => (column.mapFromDriverValue === identity || amountFields.has(field) ? [] : [i])),
    amounts: positions.length > 0 ? { currency, positions } : undefined,
  };
}

function codecOf(def: TableDef): Codec {
  let codec = codecs.get(def.table);
  if (codec) return codec;
  const columns = Object.entries(columnsOf(def)).map(([field, column]) => [field, column, quote(column.name)] as const);
  codec = {
    table: quote(getTableName(def.table)),
    columns,
    byField: new Map(columns.map(([field, column]) => [field, column])),
    ...decoding(def, columns),
    builderOnly: columns.some(([, c]) => c.onUpdateFn !== undefined || c.defaultFn !== undefined || is(c.default, SQL) || c.generated !== undefined),
    selectList: columns.map(([, , name]) => name).join(', '),
  };
  codecs.set(def.table, codec);
  return codec;
}

const scalarCodecs = new WeakMap<object, Codec>();

/** The codec of reads that leave the JSON columns out (see getRowWhere). */
function scalarCodecOf(def: TableDef): Codec {
  let codec = scalarCodecs.get(def.table);
  if (codec) return codec;
  const full = codecOf(def);
  const columns = full.columns.filter(([, column]) => column.columnType !== 'SQLiteTextJson');
  codec = {
    ...full,
    columns,
    ...decoding(def, columns),
    selectList: columns.map(([, , name]) => name).join(', '),
  };
  scalarCodecs.set(def.table, codec);
  return codec;
}

/** Only plain values (and plain objects/arrays for JSON columns) take the prepared path. */
function isPlain(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === Array.prototype || proto === null;
}

function encode(column: SQLiteColumn, value: unknown): unknown {
  return value === null ? null : column.mapToDriverValue(value);
}

/** A raw row (array, table column order) as drizzle's select gives it. */
function decode(codec: Codec, raw: unknown[] | undefined): Row | undefined {
  if (!raw) return undefined;
  const row: Row = {};
  const { columns } = codec;
  for (let i = 0; i < columns.length; i += 1) row[(columns[i] as readonly [string, SQLiteColumn, string])[0]] = raw[i];
  for (const i of codec.decoded) {
    const value = raw[i];
    if (value !== null) {
      const [field, column] = columns[i] as readonly [string, SQLiteColumn, string];
      row[field] = column.mapFromDriverValue(value);
    }
  }
  if (codec.amounts) {
    const currency = raw[codec.amounts.currency];
    for (const i of codec.amounts.positions) {
      const value = raw[i];
      if (typeof value === 'number') row[(columns[i] as readonly [string, SQLiteColumn, string])[0]] = fromMinor(value, typeof currency === 'string' ? currency : undefined);
    }
  }
  return row;
}

/**
 * How to read whole rows of `def` (or only the columns `fields` names) from a raw (array-mode)
 * statement of one's own: the column list to select first, and the decoder of its first `width`
 * values (as getRow decodes). For readers of many rows (sync pull), where drizzle's row mapping
 * costs more than the query.
 */
export type RowReader = { selectList: string; width: number; read: (raw: readonly unknown[]) => Row };

export function rowReader(def: TableDef, fields: readonly string[] | null = null): RowReader {
  const codec = fields ? fieldsCodecOf(def, fields) : codecOf(def);
  return { selectList: codec.selectList, width: codec.columns.length, read: (raw) => decode(codec, raw as unknown[]) as Row };
}

const fieldsCodecs = new WeakMap<object, Map<string, Codec>>();

/** The codec of reads of some columns only (a role's fields, server/src/policy.ts `readView`). */
function fieldsCodecOf(def: TableDef, fields: readonly string[]): Codec {
  let byFields = fieldsCodecs.get(def.table);
  if (!byFields) fieldsCodecs.set(def.table, (byFields = new Map()));
  const key = fields.join(',');
  let codec = byFields.get(key);
  if (codec) return codec;
  const full = codecOf(def);
  const wanted = new Set(fields);
  // An amount is read with its currency, which it cannot be decoded without.
  const spec = currencyAmountsOf(def.table as SQLiteTable);
  if (spec && spec.amounts.some((f) => wanted.has(f))) wanted.add(spec.currency);
  const columns = full.columns.filter(([field]) => wanted.has(field));
  codec = {
    ...full,
    columns,
    ...decoding(def, columns),
    selectList: columns.map(([, , name]) => name).join(', '),
  };
  byFields.set(key, codec);
  return codec;
}

function keyName(def: TableDef): string {
  return quote(keyColumn(def).name);
}

/** A parameter of a cached query: a placeholder's name, or a constant drizzle bound. */
type Param = { name: string } | { value: unknown };
type ScopedQuery = { statement: Statement; params: readonly Param[]; codec: Codec };
const dialect = new SQLiteSyncDialect();
const queryCache = new WeakMap<object, Map<string, ScopedQuery>>();
/** The same for reads without the JSON columns: one key, two statements. */
const scalarQueryCache = new WeakMap<object, Map<string, ScopedQuery>>();

/** What a row read gives: every column, or every column but the JSON ones (`json: false`). */
export type RowColumns = { json?: boolean };

/**
 * One row of `def` (every column, decoded as getRow decodes) matching a condition drizzle builds
 * with named placeholders: built and compiled once per connection under `key`, then filled from
 * `values`. For lookups whose condition depends on the caller (the policy's scope). With
 * `json: false` the JSON columns are left out of the row: for callers that never read them,
 * since decoding them costs more than the lookup.
 */
export function getRowWhere(
  tx: Tx,
  def: TableDef,
  key: string,
  where: () => SQL | undefined,
  values: Record<string, unknown>,
  columns: RowColumns = {},
): Row | undefined {
  const connection = connectionOf(tx);
  const scalar = columns.json === false;
  const caches = scalar ? scalarQueryCache : queryCache;
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map()));
  let query = cache.get(key);
  if (!query) {
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
    const codec = scalar ? scalarCodecOf(def) : codecOf(def);
    const condition = where();
    const built = dialect.sqlToQuery(sql`select ${sql.raw(codec.selectList)} from ${def.table}${condition ? sql` where ${condition}` : sql``}`);
    const params = built.params.map((p): Param => (is(p, Placeholder) ? { name: p.name } : { value: p }));
    query = { statement: clientOf(tx).prepare(built.sql).raw(true), params, codec };
    cache.set(key, query);
  }
  const params = query.params.map((p) => ('name' in p ? values[p.name] : p.value));
  return decode(query.codec, query.statement.get(...params) as unknown[] | undefined);
}

/** Reads one row by key; tombstoned rows only when asked. */
export function getRow(tx: Tx, def: TableDef, id: string, opts: { includeDeleted?: boolean } = {}): Row | undefined {
  const codec = codecOf(def);
  const deleted = opts.includeDeleted ? undefined : deletedColumn(def);
  const statement = cachedStatement(tx, `row:get:${def.id}:${deleted ? 'live' : 'any'}`, (client) =>
    client.prepare(`select ${codec.selectList} from ${codec.table} where ${keyName(def)} = ?${deleted ? ` and ${quote(deleted.name)} is null` : ''}`).raw(true),
  );
  return decode(codec, statement.get(id) as unknown[] | undefined);
}

/** Inserts a row with a fresh version; the id is kept when given (client-made ids). */
export function insertRow(tx: Tx, def: TableDef, values: Row, now: Date = new Date()): Row {
  const row: Row = { ...values, [def.key]: values[def.key] ?? newId(), version: nextVersion(tx), updated_at: nowIso(now) };
  const codec = codecOf(def);
  if (codec.builderOnly || !Object.values(row).every(isPlain)) {
    const stored = rowFromStore(def.table as SQLiteTable, tx.insert(def.table as SQLiteTable).values(rowToStore(def.table as SQLiteTable, row) as never).returning().get() as Row);
    recordChange(connectionOf(tx), def, String(stored[def.key]), 'create', stored);
    return stored;
  }
  // As drizzle's insert: every column, a missing value taking the column's default, else null.
  const statement = cachedStatement(tx, `row:insert:${def.id}`, (client) =>
    client
      .prepare(`insert into ${codec.table} (${codec.selectList}) values (${codec.columns.map(() => '?').join(', ')}) returning ${codec.selectList}`)
      .raw(true),
  );
  const bound = rowToStore(def.table as SQLiteTable, row);
  const params = codec.columns.map(([field, column]) => {
    const value = bound[field];
    if (value !== undefined) return encode(column, value);
    return column.default === undefined ? null : encode(column, column.default);
  });
  const stored = decode(codec, statement.get(...params) as unknown[] | undefined);
  if (!stored) throw new Error(`Insert into ${def.name} returned no row`);
  recordChange(connectionOf(tx), def, String(stored[def.key]), 'create', stored);
  return stored;
}

/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit for our widest table. */
const INSERT_CHUNK = 200;

/**
 * Inserts many rows with one version reservation and multi-row INSERTs (imports, seeds): the same
 * result as insertRow in a loop, without per-row statement building.
 */
export function insertRows(tx: Tx, def: TableDef, values: Row[], now: Date = new Date()): Row[] {
  if (values.length === 0) return [];
  const last = reserveVersions(tx, values.length);
  const first = last - values.length + 1;
  const stamp = nowIso(now);
  const rows: Row[] = values.map((v, i) => ({ ...v, [def.key]: v[def.key] ?? newId(), version: first + i, updated_at: stamp }));
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const table = def.table as SQLiteTable;
    const stored = tx.insert(table).values(chunk.map((r) => rowToStore(table, r)) as never[]).returning().all() as Row[];
    out.push(...stored.map((r) => rowFromStore(table, r)));
  }
  const connection = connectionOf(tx);
  for (const row of out) recordChange(connection, def, String(row[def.key]), 'create', row);
  return out;
}

/**
 * Updates a live row's fields with a fresh version; undefined when there is no such live row.
 * `before`, the row as the caller read it, lets the change feed name the owner it had.
 */
export function updateRow(tx: Tx, def: TableDef, id: string, values: Row, now: Date = new Date(), before?: Row): Row | undefined {
  return writeUpdate(tx, def, id, values, now, true, before) as Row | undefined;
}

/**
 * updateRow for a caller that needs no row back (it read the row before, in this transaction):
 * the same write without RETURNING, which costs SQLite more than the update itself. Answers
 * whether a live row was updated.
 */
export function updateFields(tx: Tx, def: TableDef, id: string, values: Row, now: Date = new Date(), before?: Row): boolean {
  return writeUpdate(tx, def, id, values, now, false, before) as boolean;
}

function writeUpdate(tx: Tx, def: TableDef, id: string, values: Row, now: Date, returning: boolean, before: Row | undefined): Row | undefined | boolean {
  const result = writeUpdateRow(tx, def, id, updateToStore(tx, def, id, values), now, returning);
  if (result) recordChange(connectionOf(tx), def, id, values.deleted_at ? 'delete' : 'update', typeof result === 'object' ? result : values, before);
  return result;
}

function writeUpdateRow(tx: Tx, def: TableDef, id: string, values: Row, now: Date, returning: boolean): Row | undefined | boolean {
  const version = nextVersion(tx);
  const stamp = nowIso(now);
  const codec = codecOf(def);
  // As drizzle's update: fields that are columns and not undefined are set, others ignored; the
  // key never changes, and version and updated_at are the server's. One pass decides the path.
  let plain = !codec.builderOnly;
  const fields: string[] = [];
  for (const f of Object.keys(values)) {
    if (f === def.key || f === 'version' || f === 'updated_at') continue;
    const value = values[f];
    if (plain && !isPlain(value)) plain = false;
    if (value !== undefined && codec.byField.has(f)) fields.push(f);
  }
  const deleted = deletedColumn(def);
  if (!plain) {
    const set: Row = { ...values, version, updated_at: stamp };
    delete set[def.key];
    const where = deleted ? and(eq(keyColumn(def), id), isNull(deleted)) : eq(keyColumn(def), id);
    const row = tx.update(def.table as SQLiteTable).set(set as never).where(where).returning().get() as Row | undefined;
    return returning ? row && rowFromStore(def.table as SQLiteTable, row) : row !== undefined;
  }
  if (codec.byField.has('version')) fields.push('version');
  if (codec.byField.has('updated_at')) fields.push('updated_at');
  fields.sort();
  const statement = cachedStatement(tx, `row:update:${def.id}:${returning ? 'row' : 'count'}:${fields.join(',')}`, (client) => {
    const assignments = fields.map((f) => `${quote((codec.byField.get(f) as SQLiteColumn).name)} = ?`).join(', ');
    const where = `${keyName(def)} = ?${deleted ? ` and ${quote(deleted.name)} is null` : ''}`;
    const text = `update ${codec.table} set ${assignments} where ${where}`;
    return returning ? client.prepare(`${text} returning ${codec.selectList}`).raw(true) : client.prepare(text);
  });
  const params: unknown[] = fields.map((f) => encode(codec.byField.get(f) as SQLiteColumn, f === 'version' ? version : f === 'updated_at' ? stamp : values[f]));
  params.push(id);
  if (!returning) return statement.run(...params).changes > 0;
  return decode(codec, statement.get(...params) as unknown[] | undefined);
}

/**
 * The fields of an update with their amounts in the minor units of the currency the row will
 * have. An update that names amounts but no currency takes the row's; one that changes the
 * currency keeps the amounts it does not name at the same value in units (whole yen stay whole
 * yen when a row moves to dollars), so those are written again in the new scale.
 */
function updateToStore(tx: Tx, def: TableDef, id: string, values: Row): Row {
  const spec = currencyAmountsOf(def.table as SQLiteTable);
  if (!spec) return values;
  const named = spec.amounts.filter((f) => values[f] !== undefined);
  const newCurrency = values[spec.currency];
  if (named.length === 0 && newCurrency === undefined) return values;
  const current = currentAmounts(tx, def, id, spec.currency, spec.amounts);
  if (!current) return values; // no such row: the update changes nothing
  const oldCurrency = currencyOfRow(current, spec.currency);
  const currency = typeof newCurrency === 'string' ? newCurrency : oldCurrency;
  let full = values;
  if (currency !== oldCurrency && named.length < spec.amounts.length) {
    full = { ...values };
    for (const f of spec.amounts) if (values[f] === undefined && typeof current[f] === 'number') full[f] = current[f];
  }
  return amountsToStore(spec, full, currency);
}

/**
 * The row's currency and amounts in units, read from the store (not from a caller's `before`,
 * which a drizzle select may have left in minor units).
 */
function currentAmounts(tx: Tx, def: TableDef, id: string, currencyField: string, amounts: readonly string[]): Row | undefined {
  const codec = codecOf(def);
  const fields = [currencyField, ...amounts];
  const names = fields.map((f) => quote((codec.byField.get(f) as SQLiteColumn).name));
  const statement = cachedStatement(tx, `row:amounts:${def.id}`, (client) => client.prepare(`select ${names.join(', ')} from ${codec.table} where ${keyName(def)} = ?`).raw(true));
  const raw = statement.get(id) as unknown[] | undefined;
  if (!raw) return undefined;
  const stored: Row = Object.fromEntries(fields.map((f, i) => [f, raw[i]]));
  return amountsFromStore({ currency: currencyField, amounts }, stored, currencyOfRow(stored, currencyField));
}

/** Leaves a tombstone (deleted_at + fresh version) so that clients learn of the delete. */
export function tombstoneRow(tx: Tx, def: TableDef, id: string, now: Date = new Date(), before?: Row): Row | undefined {
  return updateRow(tx, def, id, { deleted_at: nowIso(now) }, now, before);
}
