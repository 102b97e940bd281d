/**
 * The one write pipeline: every create, update and delete of a registry row made for a user
 * (the generic table API and sync push) goes
 *
 *   policy (a permit, decided once) → parse (the entity schema) → owner and references → the
 *   table's writer (its domain rules) → audit
 *
 * in one transaction (a savepoint when the caller has one open). Nothing here knows a table by
 * its id: what differs per table is the policy's (server/src/policy.ts), the schema's
 * (shared/schema) or the writer's (writers.ts names them all). What the write changed reaches the
 * rest of the system through the change feed (server/src/db/changes.ts) once it has committed.
 */
import { getTableName } from 'drizzle-orm';
import { TABLE_IDS, requireTable, type TableDef } from '../../../shared/registry';
import { loadConfig } from '../config';
import type { Db } from '../db/index';
import { metaOf, type TableMeta } from '../db/table-meta';
import { cachedStatement, insertRow, newId, nowIso, transact, type Row, type Tx } from '../db/write';
import { Conflict, ValidationFailed } from '../errors';
import { assertRowWrite, assertWritable, assignOwner, rowToWrite, type WritePermit } from '../policy';
import { parseFast } from './fast-parse';
import type { WriteContext, Writer } from './writer';
import { writerOf } from './writers';

export type WriteEnv = Omit<WriteContext, 'actor' | 'db' | 'publicOrigin'> & {
  /** Origin of public links the writers store; the configured one by default. */
  publicOrigin?: string;
  /**
   * The caller rolls back whatever this write did when it fails (sync push: the batch tried whole,
   * or a savepoint per mutation), so the pipeline opens no savepoint of its own.
   */
  ownSavepoint?: boolean;
};

function bad(field: string, reason: string): ValidationFailed {
  return new ValidationFailed(`Invalid value for ${field}: ${reason}`);
}

/**
 * The body's fields the entity schema takes from this caller. A column the schema leaves out is
 * server-set (never taken from a client, ignored without error), and so is the owner column of
 * a caller whose new rows are its own; a key that is no column at all is a 400.
 */
function pickFields(permit: WritePermit, meta: TableMeta, body: Record<string, unknown>): Row {
  const schemaFields = permit.op === 'create' ? meta.createFields : meta.updateFields;
  const serverOwner = permit.ownsNewRows ? permit.def.owner : null;
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

const USERS = requireTable(TABLE_IDS.users);
const HOST_PROFILES = requireTable(TABLE_IDS.host_profiles);
const AUDIT_LOG = requireTable(TABLE_IDS.audit_log);

/** An owner named by the caller must exist (and match the writer's rule for this table). */
function checkOwner(tx: Tx, def: TableDef, writer: Writer, owner: string): void {
  const rule = writer.ownerMustBe;
  const also = rule ? { column: rule.column, value: rule.value } : undefined;
  if (def.owner === 'host_id') {
    if (!liveRowExists(tx, HOST_PROFILES, owner, also)) throw bad('host_id', `no such ${rule?.label ?? 'host profile'}`);
  } else if (def.owner === 'user_id') {
    if (!liveRowExists(tx, USERS, owner, also)) throw bad('user_id', `no such ${rule?.label ?? 'user'}`);
  }
}

/** The owner column of a new row: from the caller (policy), or named by it and checked. */
function ownNewRow(tx: Tx, permit: WritePermit, meta: TableMeta, writer: Writer, values: Row): void {
  const { def } = permit;
  if (!def.owner || assignOwner(tx, permit, values)) return;
  const owner = values[def.owner];
  if (owner === undefined || owner === null) {
    if (meta.columns.get(def.owner)?.nullable) return;
    throw bad(def.owner, 'required');
  }
  checkOwner(tx, def, writer, String(owner));
}

/** Columns naming another host-owned row: it must be a live row of the same host. */
const REFERENCES: Readonly<Record<string, { table: number; label: string }>> = {
  property_id: { table: TABLE_IDS.properties, label: 'property' },
  booking_id: { table: TABLE_IDS.bookings, label: 'booking' },
  assigned_staff_id: { table: TABLE_IDS.housekeeping_staff, label: 'staff member' },
  template_id: { table: TABLE_IDS.task_templates, label: 'task template' },
};

function checkReferences(tx: Tx, def: TableDef, meta: TableMeta, row: Row, fields: Iterable<string>): void {
  if (def.owner !== 'host_id') return;
  for (const field of fields) {
    const ref = REFERENCES[field];
    const value = row[field];
    if (!ref || !meta.columns.has(field) || value === null || value === undefined) continue;
    const target = requireTable(ref.table);
    if (!metaOf(target).columns.has('host_id') || !liveRowExists(tx, target, String(value), { column: 'host_id', value: String(row.host_id) })) {
      throw bad(field, `no such ${ref.label}`);
    }
  }
}

/** What an admin did goes to the audit log: every delete, and the creates and updates of audited tables. */
function audit(tx: Tx, permit: WritePermit, writer: Writer, id: string, fields: string[], now: Date): void {
  const { op, def, actor } = permit;
  // A caller whose rows are its own (a host, a housekeeper) works in its own space; admins act on others'.
  if (op !== 'delete' && !(writer.audited && !permit.ownsNewRows)) return;
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

function existsAtAll(tx: Tx, def: TableDef, meta: TableMeta, id: string): boolean {
  const statement = cachedStatement(tx, `table:exists:${def.id}`, (client) => client.prepare(`select 1 from "${getTableName(def.table)}" where "${meta.key.name}" = ?`).pluck());
  return statement.get(id) !== undefined;
}

function contextOf(db: Db, permit: WritePermit, env: WriteEnv): WriteContext {
  const ctx: WriteContext = { actor: permit.actor, now: env.now, db, secretKey: env.secretKey, publicOrigin: env.publicOrigin ?? loadConfig().publicOrigin };
  if (env.at) ctx.at = env.at;
  if (env.base) ctx.base = env.base;
  return ctx;
}

/** Creates a row from a client record (`id` optional and kept); answers its key. */
export function createRecord(db: Db, permit: WritePermit, body: Record<string, unknown>, env: WriteEnv): { ID: string } {
  const { def } = permit;
  const meta = metaOf(def);
  const writer = writerOf(def);
  const fields = pickFields(permit, meta, body);
  assertWritable(
    permit,
    Object.keys(fields).filter((k) => k !== def.key),
  );
  if (fields[def.key] === undefined) fields[def.key] = newId();
  const values = parseFast(def.schemas.create, fields) as Row;
  const id = String(values[def.key]);

  return inTransaction(db, def, id, env, (tx) => {
    ownNewRow(tx, permit, meta, writer, values);
    const at = nowIso(env.now);
    if (meta.columns.has('created_date')) values.created_date = at;
    if (meta.columns.has('created_at')) values.created_at = at;
    checkReferences(tx, def, meta, values, Object.keys(values));
    assertRowWrite(permit, undefined, values);
    if (existsAtAll(tx, def, meta, id)) throw new Conflict(`A ${def.name} row with ID ${id} already exists`);
    writer.create(tx, contextOf(db, permit, env), values);
    audit(tx, permit, writer, id, Object.keys(fields), env.now);
    return { ID: id };
  });
}

/** Updates the fields of a live row in the caller's scope (404 otherwise); answers its key. */
export function updateRecord(db: Db, permit: WritePermit, body: { ID: string } & Record<string, unknown>, env: WriteEnv): { ID: string } {
  const { def } = permit;
  const { ID: id, ...rest } = body;
  if (def.key !== 'ID' && def.key in rest) {
    // The key names the row; it cannot be changed, but sending it back unchanged is harmless.
    if (rest[def.key] !== id) throw bad(def.key, 'must match ID (a row key cannot change)');
    delete rest[def.key];
  }
  return updateFieldsOf(db, permit, id, rest, env);
}

/**
 * updateRecord with the row named apart from its fields, which hold neither `ID` nor the key
 * (sync push checks and strips them itself, and spares the copies).
 */
export function updateFieldsOf(db: Db, permit: WritePermit, id: string, body: Record<string, unknown>, env: WriteEnv): { ID: string } {
  const { def } = permit;
  const meta = metaOf(def);
  const writer = writerOf(def);
  const fields = pickFields(permit, meta, body);
  assertWritable(permit, Object.keys(fields));
  const changes = parseFast(def.schemas.update, fields) as Row;

  return inTransaction(db, def, id, env, (tx) => {
    const before = rowToWrite(tx, permit, id, { json: writer.readsJsonBefore === true });
    const changed = Object.keys(changes);
    if (changed.length === 0) return { ID: id };
    if (def.owner && changes[def.owner] !== undefined && changes[def.owner] !== null && changes[def.owner] !== before[def.owner]) {
      checkOwner(tx, def, writer, String(changes[def.owner]));
    }
    const after: Row = { ...before, ...changes };
    // A row moved to another host must still point at that host's rows.
    checkReferences(tx, def, meta, after, 'host_id' in changes ? Object.keys(REFERENCES) : changed);
    assertRowWrite(permit, before, after, env.at);
    writer.update(tx, contextOf(db, permit, env), before, changes, after);
    audit(tx, permit, writer, id, changed, env.now);
    return { ID: id };
  });
}

/**
 * Removes a live row in the caller's scope (404 otherwise); answers its key. A writer may keep
 * and archive the row instead (a property that has bookings): the answer says `archived: true`.
 */
export function deleteRecord(db: Db, permit: WritePermit, body: { ID: string }, env: WriteEnv): { ID: string; archived?: true } {
  const { def } = permit;
  const writer = writerOf(def);
  const id = body.ID;
  return inTransaction(db, def, id, env, (tx) => {
    const before = rowToWrite(tx, permit, id);
    assertRowWrite(permit, before, undefined);
    const { archived } = writer.remove(tx, contextOf(db, permit, env), before);
    audit(tx, permit, writer, id, [], env.now);
    return archived ? { ID: id, archived: true as const } : { ID: id };
  });
}
