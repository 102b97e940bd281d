/**
 * Sync push and pull (README.md beside this file): plain functions over the database, the routes
 * are thin. Push applies each mutation through the one write pipeline (server/src/write/
 * pipeline.ts), so validation, policy, scope, references and server-set fields are the table
 * API's, decided in one place; this module adds only what is sync's own: the per-client
 * sequence, a refused mutation rolled back alone, and remembering rejections. What a push wrote reaches
 * other devices through the change feed (server/src/db/changes.ts), stamped with the pushing
 * client so that it is not poked about its own writes.
 */
import type { Statement } from 'better-sqlite3';
import { Placeholder, and, eq, inArray, is, isNull, or, sql, type Query, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { TABLES, tableById, type TableDef } from '../../../../shared/registry';
import { housekeepingTasks, syncClients } from '../../../../shared/schema/tables';
import {
  DEFAULT_PULL_LIMIT,
  FIRST_SYNC_PULL_LIMIT,
  MAX_PULL_LIMIT,
  type Change,
  type Mutation,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type PushResult,
} from '../../../../shared/sync';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { withChangeOrigin } from '../../db/changes';
import { cachedStatement, columnsOf, currentVersion, keyColumn, nowIso, rowReader, transact, withHeldVersions, type Row, type RowReader, type Tx } from '../../db/write';
import { Forbidden, HttpError, NotFound, ValidationFailed } from '../../errors';
import { ACCESS_NOW, SCOPE_CACHE_ACTORS, accessOpensThroughSql, canOperate, openTaskStatus, readView, redactRow, scopeKeyOf, scopeOf, scopeTemplate, writePermit, type ReadView, type ScopeTemplate, type WritePermit } from '../../policy';
import { createRecord, deleteRecord, updateFieldsOf, type WriteEnv } from '../../write/pipeline';
import { firstPartFilter } from './first-part';
import { staleBefore } from './scope';
import { setBounded } from '../../lib/bounded-map';
import { limitSql } from '../../db/limit';

// ── Push ──────────────────────────────────────────────────────────────────────────────────────

export type PushEnv = Omit<WriteEnv, 'ownSavepoint'> & {
  /** Told about a mutation that failed for a reason that is not the client's (a server bug). */
  onUnexpected?: (err: unknown, mutation: Mutation) => void;
};

function bad(field: string, reason: string): ValidationFailed {
  return new ValidationFailed(`Invalid value for ${field}: ${reason}`);
}

/**
 * Batch-level checks: a mutation naming another client, or two different mutations claiming one
 * seq, is a broken client; answering 'duplicate' to the second would silently lose it.
 */
function checkBatch(request: PushRequest): void {
  const bySeq = new Map<number, string>();
  request.mutations.forEach((m, i) => {
    if (m.clientId !== undefined && m.clientId !== request.clientId) throw bad(`mutations.${i}.clientId`, 'must equal clientId');
    const seen = bySeq.get(m.seq);
    if (seen !== undefined && seen !== m.id) throw bad(`mutations.${i}.seq`, `${m.seq} is used by two mutations`);
    bySeq.set(m.seq, m.id);
  });
}

/** SQLite failures that say nothing about the mutation: the batch is retried later, not rejected. */
const TRANSIENT = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|NOMEM|CANTOPEN|READONLY|CORRUPT|NOTADB|INTERRUPT|PROTOCOL)/;

function isTransient(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.test(code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The fields without the row key (and `ID`), which must not disagree with rowId: it names the
 * row, it is not a field to change. The fields themselves when they carry neither (the usual case).
 */
function withoutKeys(def: TableDef, m: Mutation): Record<string, unknown> {
  const { fields } = m;
  const hasKey = def.key in fields;
  const hasId = def.key !== 'ID' && 'ID' in fields;
  if (!hasKey && !hasId) return fields;
  if (hasKey && fields[def.key] !== m.rowId) throw bad(`fields.${def.key}`, 'must match rowId');
  if (hasId && fields.ID !== m.rowId) throw bad('fields.ID', 'must match rowId');
  const { [def.key]: _key, ID: _id, ...rest } = fields;
  return rest;
}

/**
 * The permits of one batch: the policy decides each (table, operation) once, whatever the number
 * of mutations that share it.
 */
function batchPermits(actor: Actor): (m: Mutation) => WritePermit {
  const decided = new Map<string, WritePermit>();
  return (m) => {
    const key = `${m.table}:${m.op}`;
    let permit = decided.get(key);
    if (!permit) {
      const def = tableById(m.table);
      if (!def) throw new NotFound(`Unknown table: ${m.table}`);
      if (!def.synced) throw new Forbidden(`${def.name} is not written through sync`);
      permit = writePermit(actor, def, m.op, 'sync');
      decided.set(key, permit);
    }
    return permit;
  };
}

/** Applies one mutation through the write pipeline; throws the table API's error when it cannot. */
function applyMutation(db: Db, permit: WritePermit, m: Mutation, batchEnv: WriteEnv): void {
  const { def } = permit;
  const fields = withoutKeys(def, m);
  // The device's time of the change, for writers that keep the time of the work (task start and completion).
  const env: WriteEnv = { ...batchEnv, at: new Date(m.at) };
  // What the author saw of the fields it changes: a field changed meanwhile by someone else is told.
  if (m.op === 'update' && m.base) env.base = m.base;
  switch (m.op) {
    case 'create':
      createRecord(db, permit, { ...fields, [def.key]: m.rowId }, env);
      break;
    case 'update':
      updateFieldsOf(db, permit, m.rowId, fields, env);
      break;
    case 'delete':
      deleteRecord(db, permit, { ID: m.rowId }, env);
      break;
  }
}

/**
 * A mutation was refused in a batch applied without a savepoint per mutation: that attempt rolls
 * back whole and the batch is applied again, each mutation in a savepoint of its own.
 */
class IsolateMutations extends Error {}

/**
 * Applies a client's batch in one transaction, in seq order. A seq at or below the client's last
 * one is a replay ('duplicate', not applied again); a mutation the table API would refuse is
 * 'rejected' with its message and rolls back alone; the client's seq advances past both. The
 * clientId belongs to the first user who pushed with it.
 *
 * Nearly every batch applies whole, so it is first applied with no savepoint per mutation (each
 * costs a SAVEPOINT, a RELEASE and a copy of every page it touches into SQLite's sub-journal:
 * about a sixth of a task update). When a mutation is refused, that attempt rolls back (nothing
 * of it is kept: rows, versions, change feed, rejection records) and the batch is applied again
 * with a savepoint per mutation, so that only the refused one is left out.
 */
export function pushMutations(db: Db, actor: Actor, request: PushRequest, env: PushEnv): PushResponse {
  checkBatch(request);
  const ordered = request.mutations.map((m, i) => ({ m, i })).sort((a, b) => a.m.seq - b.m.seq || a.i - b.i);
  const permitFor = batchPermits(actor);
  try {
    return applyBatch(db, actor, request, ordered, permitFor, env, false);
  } catch (err) {
    if (!(err instanceof IsolateMutations)) throw err;
    return applyBatch(db, actor, request, ordered, permitFor, env, true);
  }
}

function applyBatch(
  db: Db,
  actor: Actor,
  request: PushRequest,
  ordered: readonly { m: Mutation }[],
  permitFor: (m: Mutation) => WritePermit,
  env: PushEnv,
  isolate: boolean,
): PushResponse {
  const { onUnexpected: _log, ...base } = env;
  // The batch, or each mutation in a savepoint of its own below, rolls back whole: the pipeline needs to open none.
  const writeEnv: WriteEnv = { ...base, ownSavepoint: true };

  // One transaction for the batch; its changes reach the feed stamped with this client, once committed.
  return withChangeOrigin(db.$client, request.clientId, () =>
    transact(
      db,
      (tx) => {
        const client = tx.select().from(syncClients).where(eq(syncClients.client_id, request.clientId)).get();
        if (client && client.user_id !== actor.userId) throw new Forbidden('This clientId belongs to another user');
        let last = client?.last_seq ?? 0;
        const results: PushResult[] = [];
        const rejections = rejectionStatements(tx);
        const at = nowIso(env.now);
        forgetHeardRejections(rejections, request.clientId, last, ordered, env.now);

        // The version counter is written once for the batch; a rejected mutation gives its versions back.
        withHeldVersions(tx, (versions) => {
          for (const { m } of ordered) {
            if (m.seq <= last) {
              // A replay: answered as the first time, the reason of a rejection included.
              const rejected = rejections.find.get(request.clientId, m.id) as { error: string; code: number } | undefined;
              results.push(rejected ? { id: m.id, status: 'rejected', error: rejected.error, code: rejected.code } : { id: m.id, status: 'duplicate' });
              continue;
            }
            last = m.seq;
            const mark = versions.mark();
            try {
              // Nested inside the batch, better-sqlite3 runs this as a SAVEPOINT.
              if (isolate) transact(db, () => applyMutation(db, permitFor(m), m, writeEnv));
              else applyMutation(db, permitFor(m), m, writeEnv);
              results.push({ id: m.id, status: 'applied' });
            } catch (err) {
              // Once SQLite itself has ended the transaction nothing more can be written: retry later.
              if (!db.$client.inTransaction || isTransient(err)) throw err;
              // Without a savepoint the refused mutation may have written part of itself: start again, isolating each.
              if (!isolate) throw new IsolateMutations();
              versions.rewind(mark);
              let result: PushResult;
              if (err instanceof HttpError) {
                result = { id: m.id, status: 'rejected', error: err.message, code: err.statusCode };
              } else {
                // A server bug must not block the client's outbox forever: reject this one, loudly.
                env.onUnexpected?.(err, m);
                result = { id: m.id, status: 'rejected', error: 'The server could not apply this change', code: 500 };
              }
              results.push(result);
              rejections.insert.run(request.clientId, m.id, m.seq, result.code, result.error, at);
            }
          }
        });

        if (ordered.length > 0) {
          tx.insert(syncClients)
            .values({ client_id: request.clientId, user_id: actor.userId, last_seq: last, updated_at: at })
            .onConflictDoUpdate({ target: syncClients.client_id, set: { last_seq: last, updated_at: at } })
            .run();
        }
        return { lastSeq: last, results };
      },
      'immediate',
    ),
  );
}

/**
 * How long a rejection is kept at most for a client that never shows it heard the answer (a
 * device gone for good). A client offline longer than this whose answer was lost gets 'duplicate'
 * for the rejected mutation on its retry: nothing is applied twice, only the reason is gone.
 */
export const REJECTION_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type RejectionStatements = { find: Statement; insert: Statement; heard: Statement; expired: Statement };

function rejectionStatements(tx: Tx): RejectionStatements {
  const prepare = (key: string, text: string) => cachedStatement(tx, `sync:rejections:${key}`, (client) => client.prepare(text));
  return {
    find: prepare('find', 'select error, code from sync_rejections where client_id = ? and mutation_id = ?'),
    insert: prepare('insert', 'insert or replace into sync_rejections (client_id, mutation_id, seq, code, error, created_at) values (?, ?, ?, ?, ?, ?)'),
    heard: prepare('heard', 'delete from sync_rejections where client_id = ? and seq <= ?'),
    expired: prepare('expired', 'delete from sync_rejections where created_at < ?'),
  };
}

/**
 * Rejections whose answer the client has heard are dropped: a client removes from its outbox every
 * mutation at or below the `lastSeq` it was answered, and pushes its oldest first, so a batch with
 * nothing at or below the stored seq proves the last answer arrived. Those older than the
 * retention go too, whoever they belong to.
 */
function forgetHeardRejections(statements: RejectionStatements, clientId: string, last: number, ordered: readonly { m: Mutation }[], now: Date): void {
  const first = ordered[0]?.m.seq;
  if (last > 0 && first !== undefined && first > last) statements.heard.run(clientId, last);
  statements.expired.run(nowIso(new Date(now.getTime() - REJECTION_RETENTION_DAYS * DAY_MS)));
}

// ── Pull ──────────────────────────────────────────────────────────────────────────────────────

export type PullInput = {
  cursor: number;
  limit: number;
  /** The version at which the device read the first part of its first sync, while the rest comes. */
  held?: number;
  /** Ask for the first part of a first sync: the rows of today's screens in this window (first-part.ts). */
  first?: FirstPartWindow;
};

export type FirstPartWindow = { from: string; to: string };

/**
 * One synced table as the actor sees it. The SQL carries the actor's ids, the cursor and the page
 * end as placeholders, so that each shape is built by drizzle and compiled by SQLite once (a
 * pull of a small scope would otherwise spend most of its time building two dozen statements).
 */
type Source = {
  def: TableDef;
  /** Same key, same SQL: the part of the statement cache key this source contributes. */
  key: string;
  /** The columns the actor's device receives (shared/device-fields.ts), read and nothing more. */
  view: ReadView;
  where: SQL | undefined;
  /** The row's version, or for a derived scope the later of it and what brought the row in. */
  version: SQL;
  deleted: SQLiteColumn | undefined;
  /** What the rows are read from, when more than the table (a join); the table otherwise. */
  from?: SQL;
  /**
   * Rows that left the scope by a change of their own and may be told of as tombstones: only
   * where that leaks nothing (inactive subscription tiers, a public catalogue).
   */
  gone?: SQL;
  /**
   * For a join: a condition true whenever one of its rows may be after the cursor, answered by
   * indexes alone and asked first (`changedAfterOf`), so that a pull with nothing new there skips
   * working the join out (a housekeeper's tasks grouped by property, on every pull of hers).
   */
  changedAfter?: SQL;
};

const AFTER = sql.placeholder('after');
const THROUGH = sql.placeholder('through');
const TAKE = sql.placeholder('take');

/**
 * A staff member sees the properties of its tasks (policy.ts `assigned_properties`). A property
 * enters that scope when a task there is assigned, without the property row changing, so its
 * change is filed at the later of its own version and that of the newest such task: the next
 * pull brings it. The extra IN lets SQLite start from the staff member's tasks.
 */
function staffPropertySource(def: TableDef, scope: ScopeTemplate, view: ReadView): Source {
  const t = housekeepingTasks;
  const key = keyColumn(def);
  const own = columnsOf(def).version as SQLiteColumn;
  // The newest live task of the staff member per property, computed once per statement (from the
  // staff member's tasks) and joined: a correlated max per property would read every task there,
  // once for the window and again for the row. The join also keeps only properties with such a task.
  // The staff member's rows are the template's placeholders (one per host it works for).
  const staff = Object.keys(scope.values)
    .filter((name) => name.startsWith('scope_staffId_'))
    .map((name) => sql.placeholder(name));
  const latest = sql`(select ${t.property_id} as "staff_property_id", max(${t.version}) as "staff_latest" from ${t} where ${inArray(t.assigned_staff_id, staff)} and ${t.deleted_at} is null group by ${t.property_id}) as "staff_tasks"`;
  return {
    def,
    key: `${def.id}:${scope.key}:staff-properties:${view.key}`,
    view,
    from: sql`${def.table} join ${latest} on "staff_tasks"."staff_property_id" = ${key}`,
    where: scope.where,
    version: sql`max("staff_tasks"."staff_latest", ${own})`,
    deleted: columnsOf(def).deleted_at,
    changedAfter: staffJoinChanged(def, own, staff),
  };
}

/**
 * A row of a housekeeper's join (her properties, her access details) is after the cursor only if
 * one of her tasks or the row itself is (its version is the later of the two): true when a task of
 * hers, live or not, or any row of the table changed after the cursor. Each side is one lookup in
 * a version index.
 */
function staffJoinChanged(def: TableDef, own: SQLiteColumn, staff: ReturnType<typeof sql.placeholder>[]): SQL {
  const t = housekeepingTasks;
  return sql`(exists (select 1 from ${t} where ${inArray(t.assigned_staff_id, staff)} and ${t.version} > ${AFTER}) or exists (select 1 from ${def.table} where ${own} > ${AFTER}))`;
}

/**
 * A staff member's access details (policy.ts `access_window`): the rows of the properties of her
 * live tasks, each filed at the later of its own version and that of her newest task there. A row
 * whose window is open comes whole; one whose window closed (the task done) comes as a tombstone,
 * so that the device drops it. A window that opens by the calendar alone (the day before the task)
 * changes no row: the access-windows job (modules/properties/access.ts) bumps the row's version.
 *
 * The window is the policy's (`accessWindowOpen`: an open task there, undated or scheduled no later
 * than `access_opens_through` in the property's days), asked once per property: her tasks are
 * grouped first, keeping whether one open task is undated and the earliest date of the others, and
 * that date is compared with the zone's last open date. Asked per task, as the policy's condition
 * reads, every page of a first sync called the zone function once for each of her tasks.
 */
function staffAccessSource(def: TableDef, scope: ScopeTemplate, view: ReadView): Source {
  const t = housekeepingTasks;
  const own = columnsOf(def).version as SQLiteColumn;
  const property = columnsOf(def).property_id as SQLiteColumn;
  const staff = Object.keys(scope.values)
    .filter((name) => name.startsWith('scope_staffId_'))
    .map((name) => sql.placeholder(name));
  const openStatus = openTaskStatus();
  const tasks = sql`(select ${t.property_id} as "access_property_id", max(${t.version}) as "access_latest", max(${openStatus} and ${t.scheduled_date} is null) as "access_undated", min(case when ${openStatus} then ${t.scheduled_date} end) as "access_first" from ${t} where ${inArray(t.assigned_staff_id, staff)} and ${t.deleted_at} is null group by ${t.property_id}) as "access_tasks"`;
  // `is 1`: with no open task there, the comparison is null, and the row is gone, not left out.
  const open = sql`(("access_tasks"."access_undated" = 1 or "access_tasks"."access_first" <= ${accessOpensThroughSql(property, sql.placeholder(ACCESS_NOW))}) is 1)`;
  return {
    def,
    key: `${def.id}:${scope.key}:staff-access:${view.key}`,
    view,
    from: sql`${def.table} join ${tasks} on "access_tasks"."access_property_id" = ${property}`,
    where: open,
    version: sql`max("access_tasks"."access_latest", ${own})`,
    deleted: columnsOf(def).deleted_at,
    gone: sql`not ${open}`,
    changedAfter: staffJoinChanged(def, own, staff),
  };
}

type Sources = { sources: Source[]; values: Record<string, unknown>; timed: TableDef[] };

/**
 * Sources per actor (policy.ts `scopeKeyOf`, which they follow from), kept across pulls: building
 * them costs more than an up-to-date pull's statements. The values of a timed scope (the access
 * window's instant) are bound again for each pull.
 */
const sourcesCache = new Map<string, Sources>();

/** The sources of the tables this actor pulls, and the values of their placeholders. */
function sourcesFor(actor: Actor): { sources: Source[]; values: Record<string, unknown> } {
  const who = scopeKeyOf(actor);
  const kept = sourcesCache.get(who) ?? setBounded(sourcesCache, who, buildSources(actor), SCOPE_CACHE_ACTORS);
  if (kept.timed.length === 0) return kept;
  const values = { ...kept.values };
  for (const def of kept.timed) Object.assign(values, scopeTemplate(actor, def).values);
  return { sources: kept.sources, values };
}

function buildSources(actor: Actor): Sources {
  const sources: Source[] = [];
  const values: Record<string, unknown> = {};
  const timed: TableDef[] = [];
  for (const def of TABLES as readonly TableDef[]) {
    if (!def.synced || !canOperate(actor, def, 'read')) continue;
    const scope = scopeTemplate(actor, def);
    Object.assign(values, scope.values);
    if (scope.timed) timed.push(def);
    const kind = scopeOf(actor, def);
    const view = readView(actor, def);
    if (kind === 'assigned_properties') {
      sources.push(staffPropertySource(def, scope, view));
      continue;
    }
    if (kind === 'access_window') {
      sources.push(staffAccessSource(def, scope, view));
      continue;
    }
    const columns = columnsOf(def);
    const source: Source = { def, key: `${def.id}:${scope.key}:${view.key}`, view, where: scope.where, version: sql`${columns.version}`, deleted: columns.deleted_at };
    // Hosts see the active tiers (policy.ts): a deactivated one leaves as a tombstone.
    if (kind === 'active_tiers') {
      source.gone = sql`${columns.is_active} = 0`;
      source.key += ':gone';
    }
    sources.push(source);
  }
  return { sources, values, timed };
}

/** The rows of `source` after the cursor (and up to the page end when `bounded`). */
function windowOf(source: Source, fresh: boolean, bounded: boolean): SQL {
  // A fresh start has nothing to delete: tombstones only matter to a client that holds rows.
  const scope = fresh ? and(source.where, source.deleted ? isNull(source.deleted) : undefined) : source.gone ? or(source.where, source.gone) : source.where;
  return and(scope, sql`${source.version} > ${AFTER}`, bounded ? sql`${source.version} <= ${THROUGH}` : undefined) ?? sql`1 = 1`;
}

type Entry = { t: number; v: number };
type Compiled = { statement: Statement; params: readonly unknown[] };

const dialect = new SQLiteSyncDialect();
/** Pull statements per connection (each shape built by drizzle and compiled by SQLite once). */
const windowStatements = new WeakMap<object, Map<string, Compiled>>();
const rowQueries = new WeakMap<object, Map<string, RowsStatement>>();
const guardStatements = new WeakMap<object, Map<string, Compiled>>();

function cached<T>(store: WeakMap<object, Map<string, T>>, db: Db, key: string, build: () => T): T {
  let cache = store.get(db.$client);
  if (!cache) store.set(db.$client, (cache = new Map()));
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = build()));
  return value;
}

/** The next `take` (table, version) pairs after `after`, across every source. */
function versionsAfter(db: Db, sources: Source[], values: Record<string, unknown>, after: number, take: number, fresh: boolean): Entry[] {
  if (sources.length === 0) return [];
  const bound = { ...values, after, take };
  const lists = sources.map((source) => {
    if (!fresh && source.changedAfter) {
      const guard = changedAfterOf(db, source);
      if (!guard.statement.get(...bind(guard.params, bound))) return [];
    }
    const arm = nextVersionsOf(db, source, fresh, take);
    return arm.statement.all(...bind(arm.params, bound)) as number[];
  });
  return mergeVersions(sources.map((s) => s.def.id), lists, take);
}

/**
 * One source's next versions after the cursor, in order, at most `take`: a statement of its own
 * that its index answers in order. One query of every source's (a UNION ALL ordered by version)
 * sorted each part in a temporary B-tree to merge them: 16 parts cost a host's pull about 0.35 ms
 * with nothing to send, and a first sync's page tens of thousands of sorted rows. Merged here.
 */
function nextVersionsOf(db: Db, source: Source, fresh: boolean, take: number): Compiled {
  const written = WRITTEN_TAKES.has(take) ? take : undefined;
  return cached(windowStatements, db, `${fresh ? 'fresh' : 'since'}|${written ?? 'bound'}|${source.key}`, () => {
    const query = versionsQuery(source, fresh, written);
    return { statement: db.$client.prepare(query.sql).pluck(), params: query.params };
  });
}

/**
 * The `take`s the app asks for (one more than a page, or 1 to ask whether more follows) are written
 * into their statements (db/limit.ts: a bound LIMIT is planned again on every run); any other,
 * which a client may pick from 1 to MAX_PULL_LIMIT, stays bound, so that they cannot fill the cache.
 */
const WRITTEN_TAKES = new Set([1, DEFAULT_PULL_LIMIT + 1, FIRST_SYNC_PULL_LIMIT + 1, MAX_PULL_LIMIT + 1]);

/** The statement asking a join's `changedAfter` (1 or 0): a pull runs the join only when it answers 1. */
function changedAfterOf(db: Db, source: Source): Compiled {
  return cached(guardStatements, db, source.key, () => {
    const query = guardQuery(source);
    return { statement: db.$client.prepare(query.sql).pluck(), params: query.params };
  });
}

function guardQuery(source: Source): Query {
  return dialect.sqlToQuery(sql`select ${source.changedAfter ?? sql`1`}`);
}

/** A source's next versions after the cursor, in order (`take` at most: `written`, else bound). */
function versionsQuery(source: Source, fresh: boolean, written?: number): Query {
  const take = written === undefined ? TAKE : limitSql(written);
  return dialect.sqlToQuery(sql`select ${source.version} as v from ${source.from ?? source.def.table} where ${windowOf(source, fresh, false)} order by v limit ${take}`);
}

/** The first `take` (table, version) pairs of the sources' ordered lists, by version then table (as `order by v, t`). */
export function mergeVersions(tables: readonly number[], lists: readonly (readonly number[])[], take: number): Entry[] {
  const next = lists.map(() => 0);
  const out: Entry[] = [];
  while (out.length < take) {
    let best = -1;
    let bestV = 0;
    for (let i = 0; i < lists.length; i++) {
      const v = lists[i]![next[i]!];
      if (v === undefined) continue;
      if (best < 0 || v < bestV || (v === bestV && tables[i]! < tables[best]!)) {
        best = i;
        bestV = v;
      }
    }
    if (best < 0) break;
    out.push({ t: tables[best]!, v: bestV });
    next[best]! += 1;
  }
  return out;
}

function bind(params: readonly unknown[], values: Record<string, unknown>): unknown[] {
  return params.map((p) => (is(p, Placeholder) ? values[p.name] : p));
}

type PageRow = { row: Row; v: number; gone: boolean };
type RowsStatement = { all: (values: Record<string, unknown>) => PageRow[] };

/**
 * The rows of one source in the page, decoded as drizzle decodes them: a raw statement with the
 * row's columns, then its filed version and whether it left a public scope (drizzle's row
 * mapping would cost more than the query on a first sync of thousands of rows).
 */
function rowsOf(db: Db, source: Source, fresh: boolean): RowsStatement {
  return cached(rowQueries, db, `${fresh ? 'fresh' : 'since'}|${source.key}`, () => {
    const { reader, query } = rowsQuery(source, fresh);
    return decoded(db, reader, query);
  });
}

/** A raw statement of a row's columns, its filed version and whether it left a public scope, decoded per row. */
function decoded(db: Db, reader: RowReader, query: Query): RowsStatement {
  const statement = db.$client.prepare(query.sql).raw(true);
  const { width } = reader;
  return {
    all: (values) =>
      (statement.all(...bind(query.params, values)) as unknown[][]).map((raw) => ({
        row: reader.read(raw),
        v: Number(raw[width]),
        gone: Number(raw[width + 1]) === 1,
      })),
  };
}

/** The page's rows of one source: its columns, then its filed version and whether it left a public scope. */
function rowsQuery(source: Source, fresh: boolean): { reader: RowReader; query: Query } {
  const { def } = source;
  const reader = rowReader(def, source.view.fields);
  const gone = source.gone ? sql`(${source.gone})` : sql`0`;
  const query = dialect.sqlToQuery(sql`select ${sql.raw(reader.selectList)}, ${source.version}, ${gone} from ${source.from ?? def.table} where ${windowOf(source, fresh, true)}`);
  return { reader, query };
}

/**
 * Where the page ends: after the next `limit` changes, and never before `floor`. Versions are
 * unique per row except that a staff property shares one with the task that brought it; a page
 * never splits such a pair, or the cursor would skip the half left out.
 */
function pageWindow(
  db: Db,
  sources: Source[],
  values: Record<string, unknown>,
  cursor: number,
  limit: number,
  floor: number,
  fresh: boolean,
): { through: number; more: boolean; tables: Set<number> | null } {
  const entries = versionsAfter(db, sources, values, cursor, limit + 1, fresh);
  const more = entries.length > limit;
  let through = entries.at(more ? limit - 1 : -1)?.v ?? cursor;
  if (more && entries[limit]?.v === through) {
    const earlier = entries.slice(0, limit).filter((e) => e.v < through);
    // Only when the whole page is one version does it keep it all (one row past the limit).
    if (earlier.length > 0) through = earlier[earlier.length - 1]!.v;
  }
  if (through < floor) {
    // Any table may hold rows up to the floor: no list of tables to narrow the reads to.
    return { through: floor, more: versionsAfter(db, sources, values, floor, 1, false).length > 0, tables: null };
  }
  return { through, more, tables: new Set(entries.filter((e) => e.v <= through).map((e) => e.t)) };
}

function tombstone(def: TableDef, row: Row): Row {
  return { [def.key]: row[def.key], version: row.version, deleted_at: row.deleted_at };
}

/**
 * Changes in the actor's scope after `cursor`, ordered by version, `limit` of them or about.
 * One read transaction, so the page, the cursor and the reset decision see one snapshot.
 *
 * A cursor from before the actor's scope last shrank (or before pruned tombstones) answers a
 * fresh start from 0 with `reset: true`. That page runs at least through the shrink, whatever
 * the limit: a client paging on from a cursor below the shrink could not be told apart from one
 * that still holds the rows that left, and would be reset again and again (README.md).
 */
export function pullChanges(db: Db, actor: Actor, input: PullInput): PullResponse & { version: number } {
  return transact(db, (tx) => {
    const now = currentVersion(tx);
    if (input.cursor > now) throw bad('cursor', `ahead of the server (its version is ${now}); start over from 0`);
    if (input.held !== undefined && input.held > now) throw bad('held', `ahead of the server (its version is ${now}); start over from 0`);
    const { sources, values } = sourcesFor(actor);
    if (input.first) {
      if (input.cursor !== 0 || input.held !== undefined) throw bad('first_from', 'only for the start of a first sync (cursor 0, no held)');
      return firstPartPage(db, sources, values, input.first, input.limit, now);
    }
    const stale = staleBefore(tx, actor);
    // The device's rows were read no earlier than this: its pages through the cursor, and a first part read at `held`.
    const known = Math.min(input.cursor > 0 ? input.cursor : Infinity, input.held ?? Infinity);
    const reset = known < stale;
    const cursor = reset ? 0 : input.cursor;
    // A fresh start has nothing to delete; a device holding a first part needs the tombstones of
    // what was deleted since (a page from cursor 0 then reads as any later page does).
    const fresh = cursor === 0 && (reset || input.held === undefined);

    // Prepared on the connection, so they read inside this transaction's snapshot.
    const { through, more, tables } = pageWindow(db, sources, values, cursor, input.limit, reset ? stale : 0, fresh);
    const filed: { v: number; change: Change }[] = [];
    for (const source of sources) {
      if (tables && !tables.has(source.def.id)) continue;
      for (const r of rowsOf(db, source, fresh).all({ ...values, after: cursor, through })) filed.push({ v: r.v, change: changeOf(source, r) });
    }
    filed.sort((a, b) => a.v - b.v || a.change.table - b.change.table);
    const response: PullResponse & { version: number } = { cursor: more ? through : now, more, version: now, changes: filed.map((f) => f.change) };
    if (reset) response.reset = true;
    return response;
  });
}

function changeOf(source: Source, { row, gone }: PageRow): Change {
  const { def } = source;
  const deleted = (row.deleted_at !== null && row.deleted_at !== undefined) || gone;
  return { table: def.id, row: deleted ? tombstone(def, row) : source.view.hidden ? redactRow(def, row) : row, deleted };
}

/**
 * The first part of a first sync: the live rows of today's screens (first-part.ts) as of `now`, at
 * most `limit` of them, the cursor left at 0. The rest of the first sync (pulls from 0 with `held`)
 * brings every row again, so a first part cut short by the limit loses nothing.
 */
function firstPartPage(db: Db, sources: Source[], values: Record<string, unknown>, window: FirstPartWindow, limit: number, now: number): PullResponse & { version: number } {
  const changes: Change[] = [];
  for (const source of sources) {
    const filter = firstPartFilter(source.def);
    if (filter === undefined || changes.length >= limit) continue;
    const rows = firstPartRows(db, source, filter).all({ ...values, after: 0, take: limit - changes.length, first_from: window.from, first_to: window.to });
    for (const r of rows) changes.push(changeOf(source, r));
  }
  return { cursor: 0, more: true, version: now, firstPart: true, changes };
}

function firstPartRows(db: Db, source: Source, filter: SQL | null): RowsStatement {
  return cached(rowQueries, db, `first|${source.key}`, () => {
    const reader = rowReader(source.def, source.view.fields);
    const gone = source.gone ? sql`(${source.gone})` : sql`0`;
    const where = and(windowOf(source, true, false), filter ?? undefined);
    return decoded(db, reader, dialect.sqlToQuery(sql`select ${sql.raw(reader.selectList)}, ${source.version}, ${gone} from ${source.from ?? source.def.table} where ${where} limit ${TAKE}`));
  });
}

/** One statement a pull runs, as SQLite receives it. */
export type PullStatement = { table: number; part: 'guard' | 'window' | 'rows'; fresh: boolean; sql: string; params: unknown[] };

/**
 * Every statement a pull of this actor may run, fresh start and since a cursor: a join's question
 * whether anything of it changed after the cursor (`part` guard, since a cursor only), the versions
 * after the cursor of each of its sources (`part` window: where the page ends), then each table's
 * rows (`part` rows), with their placeholders bound (`after`, `through`). For the plan test
 * (server/test/sync-pull-plan.test.ts), so that it reads the pull's own SQL.
 */
export function pullStatements(actor: Actor, after: number, through: number): PullStatement[] {
  const { sources, values } = sourcesFor(actor);
  const bound = { ...values, after, through, take: DEFAULT_PULL_LIMIT + 1 };
  return [true, false].flatMap((fresh) => {
    const guards = fresh ? [] : sources.filter((source) => source.changedAfter).map((source) => ({ table: source.def.id, part: 'guard' as const, query: guardQuery(source) }));
    const windows = sources.map((source) => ({ table: source.def.id, part: 'window' as const, query: versionsQuery(source, fresh, DEFAULT_PULL_LIMIT + 1) }));
    const rows = sources.map((source) => ({ table: source.def.id, part: 'rows' as const, query: rowsQuery(source, fresh).query }));
    return [...guards, ...windows, ...rows].map(({ table, part, query }) => ({ table, part, fresh, sql: query.sql, params: bind(query.params, bound) }));
  });
}
