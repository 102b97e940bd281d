/**
 * Sync push and pull (architecture.md §4, api.md "Sync"): plain functions over the database, the
 * routes are thin. Push applies each mutation through the table service (createRecord /
 * updateRecord / deleteRecord), so validation, policy, scope, references and server-set fields
 * are the table API's, decided in one place; this module adds only what is sync's own: the
 * per-client sequence, the savepoint per mutation, and the task status rule.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { TABLES, TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { housekeepingTasks, syncClients } from '../../../../shared/schema/tables';
import type { TaskStatus } from '../../../../shared/sync';
import { isTaskStatusMoveAllowed, taskStatusMoveError, type Change, type Mutation, type PullResponse, type PushRequest, type PushResponse, type PushResult } from '../../../../shared/sync';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { columnsOf, currentVersion, getRow, keyColumn, nowIso, type Row, type Tx } from '../../db/write';
import { Conflict, Forbidden, HttpError, NotFound, ValidationFailed } from '../../errors';
import { canOperate, redactRow, scopeWhere } from '../../policy';
import { createRecord, deleteRecord, updateRecord, type WriteEnv } from '../table/service';
import { staleBefore } from './scope';

// ── Push ──────────────────────────────────────────────────────────────────────────────────────

export type PushEnv = Omit<WriteEnv, 'channel'> & {
  /** Told about a mutation that failed for a reason that is not the client's (a server bug). */
  onUnexpected?: (err: unknown, mutation: Mutation) => void;
};

export type PushOutcome = {
  response: PushResponse;
  /** Rows written by applied mutations, per table: whom to poke once committed. */
  changed: Map<TableDef, Set<string>>;
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

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}

const TASKS = requireDef(TABLE_IDS.housekeeping_tasks);

/** The row key must not disagree with rowId: it names the row, it is not a field to change. */
function checkKey(def: TableDef, m: Mutation): void {
  for (const key of new Set([def.key, 'ID'])) {
    if (key in m.fields && m.fields[key] !== m.rowId) throw bad(`fields.${key}`, 'must match rowId');
  }
}

function withoutKeys(def: TableDef, fields: Record<string, unknown>): Record<string, unknown> {
  const { [def.key]: _key, ID: _id, ...rest } = fields;
  return rest;
}

/** Applies one mutation through the table service; throws the table API's error when it cannot. */
function applyMutation(db: Db, actor: Actor, m: Mutation, env: WriteEnv): TableDef {
  const def = tableById(m.table);
  if (!def) throw new NotFound(`Unknown table: ${m.table}`);
  if (!def.synced) throw new Forbidden(`${def.name} is not written through sync`);
  // The table API answers this in its route guard, before the body; same words here.
  if (!canOperate(actor, def, m.op, 'sync')) throw new Forbidden(`You may not ${m.op} ${def.name}`);
  checkKey(def, m);
  const fields = withoutKeys(def, m.fields);
  switch (m.op) {
    case 'create':
      createRecord(db, actor, def, { ...fields, [def.key]: m.rowId }, env);
      break;
    case 'update': {
      // Read before the service runs its own checks, so that their order and messages stay the
      // table API's; the status rule is judged after, and its rejection rolls the write back.
      const before = def === TASKS && 'task_status' in fields ? getRow(db, def, m.rowId) : undefined;
      updateRecord(db, actor, def, { ...fields, ID: m.rowId }, env);
      if (before) {
        const from = before.task_status as TaskStatus;
        const to = fields.task_status as TaskStatus;
        if (!isTaskStatusMoveAllowed(from, to, actor.role)) throw new Conflict(taskStatusMoveError(from, to));
      }
      break;
    }
    case 'delete':
      deleteRecord(db, actor, def, { ID: m.rowId }, env);
      break;
  }
  return def;
}

/**
 * Applies a client's batch in one transaction, a savepoint per mutation, in seq order. A seq at
 * or below the client's last one is a replay ('duplicate', not applied again); a mutation the
 * table API would refuse is 'rejected' with its message and rolls back alone; the client's seq
 * advances past both. The clientId belongs to the first user who pushed with it.
 */
export function pushMutations(db: Db, actor: Actor, request: PushRequest, env: PushEnv): PushOutcome {
  checkBatch(request);
  const writeEnv: WriteEnv = { now: env.now, secretKey: env.secretKey, channel: 'sync' };
  const ordered = request.mutations.map((m, i) => ({ m, i })).sort((a, b) => a.m.seq - b.m.seq || a.i - b.i);
  const changed = new Map<TableDef, Set<string>>();

  const response = db.transaction(
    (tx) => {
      const client = tx.select().from(syncClients).where(eq(syncClients.client_id, request.clientId)).get();
      if (client && client.user_id !== actor.userId) throw new Forbidden('This clientId belongs to another user');
      let last = client?.last_seq ?? 0;
      const results: PushResult[] = [];

      for (const { m } of ordered) {
        if (m.seq <= last) {
          results.push({ id: m.id, status: 'duplicate' });
          continue;
        }
        last = m.seq;
        try {
          // Nested inside the batch, better-sqlite3 runs this as a SAVEPOINT.
          const def = db.transaction(() => applyMutation(db, actor, m, writeEnv));
          results.push({ id: m.id, status: 'applied' });
          let ids = changed.get(def);
          if (!ids) changed.set(def, (ids = new Set()));
          ids.add(m.rowId);
        } catch (err) {
          // Once SQLite itself has ended the transaction nothing more can be written: retry later.
          if (!db.$client.inTransaction || isTransient(err)) throw err;
          if (err instanceof HttpError) {
            results.push({ id: m.id, status: 'rejected', error: err.message, code: err.statusCode });
          } else {
            // A server bug must not block the client's outbox forever: reject this one, loudly.
            env.onUnexpected?.(err, m);
            results.push({ id: m.id, status: 'rejected', error: 'The server could not apply this change', code: 500 });
          }
        }
      }

      if (ordered.length > 0) {
        const at = nowIso(env.now);
        tx.insert(syncClients)
          .values({ client_id: request.clientId, user_id: actor.userId, last_seq: last, updated_at: at })
          .onConflictDoUpdate({ target: syncClients.client_id, set: { last_seq: last, updated_at: at } })
          .run();
      }
      return { lastSeq: last, results };
    },
    { behavior: 'immediate' },
  );
  return { response, changed };
}

// ── Pull ──────────────────────────────────────────────────────────────────────────────────────

export type PullInput = { cursor: number; limit: number };

/** One synced table as the actor sees it: its scope and the version a change of it is filed at. */
type Source = {
  def: TableDef;
  where: SQL | undefined;
  /** The row's version, or for a derived scope the later of it and what brought the row in. */
  version: SQL;
  deleted: SQLiteColumn | undefined;
};

const PROPERTIES = requireDef(TABLE_IDS.properties);

/**
 * A staff member sees the properties of its tasks (policy.ts `assigned_properties`). A property
 * enters that scope when a task there is assigned, without the property row changing, so its
 * change is filed at the later of its own version and that of the newest such task: the next
 * pull brings it. The extra IN lets SQLite start from the staff member's tasks.
 */
function staffPropertySource(actor: Actor & { staffId: string }, def: TableDef): Source {
  const t = housekeepingTasks;
  const key = keyColumn(def);
  const own = columnsOf(def).version as SQLiteColumn;
  const latest = sql`(select max(${t.version}) from ${t} where ${t.property_id} = ${key} and ${t.assigned_staff_id} = ${actor.staffId} and ${t.deleted_at} is null)`;
  const drive = sql`${key} in (select ${t.property_id} from ${t} where ${t.assigned_staff_id} = ${actor.staffId} and ${t.deleted_at} is null)`;
  return {
    def,
    where: and(drive, scopeWhere(actor, def)),
    version: sql`(case when ${latest} > ${own} then ${latest} else ${own} end)`,
    deleted: columnsOf(def).deleted_at,
  };
}

function sourcesFor(actor: Actor): Source[] {
  const out: Source[] = [];
  for (const def of TABLES as readonly TableDef[]) {
    if (!def.synced || !canOperate(actor, def, 'read')) continue;
    if (def === PROPERTIES && actor.role === 'staff' && actor.staffId) {
      out.push(staffPropertySource({ ...actor, staffId: actor.staffId }, def));
      continue;
    }
    const columns = columnsOf(def);
    out.push({ def, where: scopeWhere(actor, def), version: sql`${columns.version}`, deleted: columns.deleted_at });
  }
  return out;
}

function windowOf(source: Source, after: number, through: number | null): SQL {
  const parts: (SQL | undefined)[] = [source.where, sql`${source.version} > ${after}`];
  if (through !== null) parts.push(sql`${source.version} <= ${through}`);
  // A fresh start has nothing to delete: tombstones only matter to a client that holds rows.
  if (after === 0 && source.deleted) parts.push(isNull(source.deleted));
  return and(...parts) ?? sql`1 = 1`;
}

type Entry = { t: number; v: number };

/**
 * The versions of the next `limit` changes and where the page ends. Versions are unique per row
 * except that a staff property shares one with the task that brought it; a page never splits
 * such a pair, or the cursor would skip the half left out.
 */
function pageWindow(tx: Tx, sources: Source[], cursor: number, limit: number): { through: number; more: boolean; tables: Set<number> } {
  const take = limit + 1;
  const parts = sources.map(
    (s) => sql`select * from (select ${s.def.id} as t, ${s.version} as v from ${s.def.table} where ${windowOf(s, cursor, null)} order by v limit ${take})`,
  );
  const entries = tx.all<Entry>(sql`select t, v from (${sql.join(parts, sql` union all `)}) order by v, t limit ${take}`);
  const more = entries.length > limit;
  let through = entries.at(more ? limit - 1 : -1)?.v ?? cursor;
  if (more && entries[limit]?.v === through) {
    const earlier = entries.slice(0, limit).filter((e) => e.v < through);
    // Only when the whole page is one version does it keep it all (one row past the limit).
    if (earlier.length > 0) through = earlier[earlier.length - 1]!.v;
  }
  return { through, more, tables: new Set(entries.filter((e) => e.v <= through).map((e) => e.t)) };
}

function tombstone(def: TableDef, row: Row): Row {
  return { [def.key]: row[def.key], version: row.version, deleted_at: row.deleted_at };
}

/**
 * Changes in the actor's scope after `cursor`, ordered by version, at most about `limit` of them.
 * One read transaction, so the page, the cursor and the reset decision see one snapshot. A
 * cursor from before the actor's scope last shrank (or before pruned tombstones) answers a fresh
 * start from 0 with `reset: true`.
 */
export function pullChanges(db: Db, actor: Actor, input: PullInput): PullResponse {
  return db.transaction((tx) => {
    const now = currentVersion(tx);
    if (input.cursor > now) throw bad('cursor', `ahead of the server (its version is ${now}); start over from 0`);
    const reset = input.cursor > 0 && input.cursor < staleBefore(tx, actor);
    const cursor = reset ? 0 : input.cursor;

    const sources = sourcesFor(actor);
    const { through, more, tables } = pageWindow(tx, sources, cursor, input.limit);
    const filed: { v: number; change: Change }[] = [];
    for (const source of sources) {
      if (!tables.has(source.def.id)) continue;
      const { def } = source;
      const rows = tx
        .select({ ...columnsOf(def), __v: sql<number>`${source.version}`.mapWith(Number) })
        .from(def.table)
        .where(windowOf(source, cursor, through))
        .all() as (Row & { __v: number })[];
      for (const { __v, ...row } of rows) {
        const deleted = row.deleted_at !== null && row.deleted_at !== undefined;
        filed.push({ v: __v, change: { table: def.id, row: deleted ? tombstone(def, row) : redactRow(def, row), deleted } });
      }
    }
    filed.sort((a, b) => a.v - b.v || a.change.table - b.change.table);
    const changes = filed.map((f) => f.change);
    const response: PullResponse = { cursor: more ? through : now, more, changes };
    if (reset) response.reset = true;
    return response;
  });
}
