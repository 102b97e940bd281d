/**
 * Scope shrink marks: when a write takes rows out of someone's scope (a task reassigned away, a
 * staff row unlinked, a row moved to another host, a tier deactivated), that someone's next pull
 * must answer `reset: true`, because the rows it holds will never change again in its view and
 * so would never be pulled away. See README.md "Scope changes".
 *
 * The marks are written by SQLite triggers, so that every write path (table API, sync push, domain
 * routes, jobs, integrations, raw SQL) records them in its own transaction without calling
 * anything. `scopeTriggers` below defines them from the registry; the migration
 * drizzle/0005_scope_triggers.sql creates them, and server/test/scope-triggers.test.ts checks that
 * the two agree (a change here needs a new migration that drops and re-creates the changed
 * triggers, as 0005 does). A mark is a row of the `counters` table named `scope:<principal>` whose
 * value is the version of the last shrinking write; principals are `user:<users.ID>`,
 * `staff:<housekeeping_staff.id>`, `host:<host_profiles.id>` and `role:<role>`.
 */
import { getTableName } from 'drizzle-orm';
import { TABLES, TABLE_IDS, type TableDef } from '../../../../shared/registry';
import { staffIdsOf, type Actor } from '../../actor';
import { cachedStatement, type Tx } from '../../db/write';

/**
 * Counter holding the highest version whose tombstones were pruned: a cursor below it has missed
 * deletes and starts over. Nothing prunes today; a pruning job must raise it in its transaction.
 */
export const PRUNED_THROUGH_COUNTER = 'sync:pruned_through';

const MARK_PREFIX = 'scope:';
const TRIGGER_PREFIX = 'sync_scope_';

/** The principals whose marks apply to this actor. */
export function principalsOf(actor: Actor): string[] {
  const out = [`user:${actor.userId}`, `role:${actor.role}`];
  for (const staffId of staffIdsOf(actor)) out.push(`staff:${staffId}`);
  if (actor.hostProfileId) out.push(`host:${actor.hostProfileId}`);
  return out;
}

/**
 * The version before which a cursor of this actor is stale: the last shrink of its scope, or the
 * last tombstone prune, whichever is later (0 when neither happened).
 */
export function staleBefore(tx: Tx, actor: Actor): number {
  const names = [...principalsOf(actor).map((p) => MARK_PREFIX + p), PRUNED_THROUGH_COUNTER];
  // Every incremental pull asks: one statement per number of names, compiled once per connection.
  const statement = cachedStatement(tx, `sync:stale-before:${names.length}`, (client) =>
    client.prepare(`select coalesce(max(value), 0) from counters where name in (${names.map(() => '?').join(', ')})`).pluck(),
  );
  return Number(statement.get(...names));
}

// ── Triggers ─────────────────────────────────────────────────────────────────────────────────

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** SQL inserting a mark for the principal built by the SQL expression `principal`. */
function mark(principal: string): string {
  return `INSERT OR REPLACE INTO counters (name, value) VALUES ('${MARK_PREFIX}' || ${principal}, new.version);`;
}

/** SQL marking the user whose id is the (nullable) SQL expression `userId`. */
function markUser(userId: string): string {
  return `INSERT OR REPLACE INTO counters (name, value) SELECT '${MARK_PREFIX}user:' || ${userId}, new.version WHERE ${userId} IS NOT NULL;`;
}

/** SQL marking the user whose e-mail is the SQL expression `email` (staff are linked by e-mail). */
function markUserByEmail(email: string): string {
  return `INSERT OR REPLACE INTO counters (name, value) SELECT '${MARK_PREFIX}user:' || "ID", new.version FROM users WHERE "Email" = ${email} AND ${email} <> '';`;
}

function changed(...columns: string[]): string {
  return columns.map((c) => `old.${quote(c)} IS NOT new.${quote(c)}`).join(' OR ');
}

/**
 * An update event naming the columns its WHEN compares: SQLite then skips the trigger for updates
 * that set none of them (a staff member's tick or note, the bulk of a push) instead of loading
 * the old row for WHEN on every one. A column can only change when an UPDATE sets it.
 */
function updateOf(...columns: string[]): string {
  return `UPDATE OF ${columns.map(quote).join(', ')}`;
}

type Trigger = { name: string; sql: string };

function trigger(def: TableDef, suffix: string, event: string, when: string | null, body: string[]): Trigger {
  const table = getTableName(def.table);
  const name = `${TRIGGER_PREFIX}${table}_${suffix}`;
  const condition = when ? ` WHEN ${when}` : '';
  return { name, sql: `CREATE TRIGGER ${quote(name)} AFTER ${event} ON ${quote(table)} FOR EACH ROW${condition} BEGIN ${body.join(' ')} END;` };
}

function byId(id: number): TableDef {
  const def = (TABLES as readonly TableDef[]).find((d) => d.id === id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}

/**
 * Every write that can take a row out of someone's scope, per policy.ts: owner columns of synced
 * rows, task assignment (a staff member sees its tasks and their properties), the links that
 * make a user a host or a staff member, a user's role, and an e-mail that links a staff row.
 * Deactivated tiers need no mark: they reach hosts as tombstones (service.ts). Growth needs no
 * mark either: a row entering a scope gets a new version, except the property of a newly
 * assigned task, which pull files at the task's version (service.ts), and identity changes,
 * which mark both sides.
 */
export function scopeTriggers(): Trigger[] {
  const out: Trigger[] = [];
  for (const def of TABLES as readonly TableDef[]) {
    if (!def.synced || !def.owner) continue;
    const kind = def.owner === 'host_id' ? 'host' : 'user';
    const body = [mark(`'${kind}:' || old.${def.owner}`)];
    // A host profile moved to another user makes that user the host of old rows: a fresh start.
    if (def.id === TABLE_IDS.host_profiles) body.push(mark(`'user:' || new.user_id`));
    out.push(trigger(def, 'owner', updateOf(def.owner), changed(def.owner), body));
  }

  const tasks = byId(TABLE_IDS.housekeeping_tasks);
  out.push(
    trigger(
      tasks,
      'assignment',
      updateOf('assigned_staff_id', 'property_id', 'deleted_at'),
      `old.assigned_staff_id IS NOT NULL AND (${changed('assigned_staff_id', 'property_id')} OR (old.deleted_at IS NULL AND new.deleted_at IS NOT NULL))`,
      [mark(`'staff:' || old.assigned_staff_id`)],
    ),
  );

  const staff = byId(TABLE_IDS.housekeeping_staff);
  const relink = [
    mark(`'staff:' || old.id`),
    markUser('old.user_id'),
    markUser('new.user_id'),
    markUserByEmail('old.staff_email'),
    markUserByEmail('new.staff_email'),
  ];
  out.push(trigger(staff, 'link', updateOf('user_id', 'staff_email', 'deleted_at'), changed('user_id', 'staff_email', 'deleted_at'), relink));
  // A second staff row for the same person may change which one loadActor picks.
  out.push(
    trigger(staff, 'insert', 'INSERT', null, [
      markUser('new.user_id'),
      markUserByEmail('new.staff_email'),
    ]),
  );

  const profiles = byId(TABLE_IDS.host_profiles);
  out.push(trigger(profiles, 'life', updateOf('deleted_at'), `old.deleted_at IS NOT new.deleted_at`, [mark(`'user:' || old.user_id`)]));
  // A housekeeper working for several hosts keeps working when one is suspended, without its rows
  // (actor.ts); they come back when it is reactivated. Either way its linked users start over.
  out.push(
    trigger(profiles, 'status', updateOf('account_status'), changed('account_status'), [
      `INSERT OR REPLACE INTO counters (name, value) SELECT '${MARK_PREFIX}user:' || user_id, new.version FROM housekeeping_staff WHERE host_id = old.id AND user_id IS NOT NULL AND deleted_at IS NULL;`,
    ]),
  );

  const users = byId(TABLE_IDS.users);
  // An e-mail matters only where it links a staff row: a host changing its address keeps its scope.
  const emailLinks = `(old."Email" IS NOT new."Email" AND EXISTS (SELECT 1 FROM housekeeping_staff WHERE staff_email IN (old."Email", new."Email")))`;
  out.push(trigger(users, 'identity', updateOf('Role', 'deleted_at', 'Email'), `${changed('Role', 'deleted_at')} OR ${emailLinks}`, [mark(`'user:' || old."ID"`)]));

  return out;
}
